// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title A stand-in for ENS on a local chain, for development and tests only
/// @notice Answers the two calls of ENS's Universal Resolver that viem makes for names, addresses and text records
/// (`reverseWithGateways`, ENSIP-19, and `resolveWithGateways`, ENSIP-10), from records that any account may write:
/// its own primary name (as ENS's reverse registrar lets it), and the address and text records of any name nobody
/// holds yet (as a resolver would for the name's owner). It keeps them on chain and calls no gateway (EIP-3668).
/// @dev Sources under solidity/test/ are compiled with the game for its tests only: the game's deployment never
/// deploys them and the generated bindings leave them out. The local stack deploys this one beside the game.
contract LocalUniversalResolver {
    /// @notice No resolver holds `name`: nobody has written a record of it (the Universal Resolver's own error).
    error ResolverNotFound(bytes name);
    /// @notice The primary name's address record is not the address it was looked up for (ENSIP-19).
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    /// @notice The resolver does not answer the call `selector` (the Universal Resolver's own error).
    error UnsupportedResolverProfile(bytes4 selector);
    /// @notice `name` is held by `holder`, not by the caller.
    error LocalUniversalResolverNotHolder(bytes32 node, address holder);
    /// @notice A reverse lookup named something other than a 20-byte address of coin type 60 (ENSIP-11).
    error LocalUniversalResolverUnsupportedReverse(bytes lookupAddress, uint256 coinType);

    /// @notice `account` set its primary name to `name` (empty: none).
    event PrimaryNameChanged(address indexed account, string name);
    /// @notice The address record of `node` changed.
    event AddrChanged(bytes32 indexed node, address addr);
    /// @notice The text record `key` of `node` changed.
    event TextChanged(bytes32 indexed node, string key, string value);

    /// @dev ENSIP-11's coin type of Ethereum's addresses.
    uint256 private constant _ETH_COIN_TYPE = 60;

    mapping(address account => string name) private _primaryNames;
    mapping(bytes32 node => address holder) private _holders;
    mapping(bytes32 node => address addr) private _addrs;
    mapping(bytes32 node => mapping(string key => string value)) private _texts;

    /// @notice Sets the caller's primary name, which may be any string; reverse lookups check it resolves back.
    function setName(string calldata name) external {
        _primaryNames[msg.sender] = name;
        emit PrimaryNameChanged(msg.sender, name);
    }

    /// @notice Sets the address record of `node` (a name's ENS namehash), holding the name from then on.
    function setAddr(bytes32 node, address addr_) external {
        _hold(node);
        _addrs[node] = addr_;
        emit AddrChanged(node, addr_);
    }

    /// @notice Sets the text record `key` of `node` (ENSIP-5; `avatar` is ENSIP-12's), holding the name from then on.
    function setText(bytes32 node, string calldata key, string calldata value) external {
        _hold(node);
        _texts[node][key] = value;
        emit TextChanged(node, key, value);
    }

    /// @notice The address record of `node`, zero when unset.
    function addr(bytes32 node) external view returns (address) {
        return _addrs[node];
    }

    /// @notice The text record `key` of `node`, empty when unset.
    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return _texts[node][key];
    }

    /// @notice The primary name of `lookupAddress` (20 bytes; coin type 60 only), checked to resolve back to it.
    /// @return primary The name, empty when the address has none.
    /// @return resolver This contract when there is a name, else zero.
    /// @return reverseResolver The same.
    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory primary, address resolver, address reverseResolver)
    {
        if (lookupAddress.length != 20 || coinType != _ETH_COIN_TYPE) {
            revert LocalUniversalResolverUnsupportedReverse(lookupAddress, coinType);
        }
        address account = address(bytes20(lookupAddress));
        primary = _primaryNames[account];
        if (bytes(primary).length == 0) return ("", address(0), address(0));
        // ENSIP-19: a primary name counts only when the name's own address record names the account back.
        address forward = _addrs[_namehash(bytes(primary))];
        if (forward != account) revert ReverseAddressMismatch(primary, abi.encodePacked(forward));
        return (primary, address(this), address(this));
    }

    /// @notice Runs the resolver call `data` (`addr(bytes32)` or `text(bytes32,string)`) for `name` (DNS-encoded),
    /// as ENSIP-10's `resolve` would.
    /// @return result The call's ABI-encoded answer.
    /// @return resolver This contract.
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory result, address resolver)
    {
        bytes4 selector = bytes4(data);
        if (selector != this.addr.selector && selector != this.text.selector) {
            revert UnsupportedResolverProfile(selector);
        }
        // Both calls name the node first; a name whose records nobody wrote has no resolver, as on ENS.
        bytes32 node = bytes32(data[4:36]);
        if (_holders[node] == address(0)) revert ResolverNotFound(name);
        (bool ok, bytes memory answer) = address(this).staticcall(data);
        if (!ok) revert UnsupportedResolverProfile(selector);
        return (answer, address(this));
    }

    /// @dev The first account to write a record of a name holds it; only it may write the name's records again.
    function _hold(bytes32 node) private {
        address holder = _holders[node];
        if (holder == address(0)) _holders[node] = msg.sender;
        else if (holder != msg.sender) revert LocalUniversalResolverNotHolder(node, holder);
    }

    /// @dev ENS's namehash (ENSIP-1) of a dot-separated name, labels taken as they are (no normalization).
    function _namehash(bytes memory name) private pure returns (bytes32 node) {
        uint256 end = name.length;
        for (uint256 i = name.length; i > 0; --i) {
            if (name[i - 1] == ".") {
                node = keccak256(abi.encodePacked(node, _labelhash(name, i, end)));
                end = i - 1;
            }
        }
        node = keccak256(abi.encodePacked(node, _labelhash(name, 0, end)));
    }

    /// @dev keccak256 of `name[start:end]`.
    function _labelhash(bytes memory name, uint256 start, uint256 end) private pure returns (bytes32 hash) {
        assembly ("memory-safe") {
            hash := keccak256(add(add(name, 0x20), start), sub(end, start))
        }
    }
}
