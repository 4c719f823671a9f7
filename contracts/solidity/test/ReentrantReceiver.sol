// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title A hostile recipient, for tests only
/// @notice Takes ETH and ERC-721 tokens, and each time it does, calls back into whatever it was told to (a
/// second withdraw, a mint, a gaze, an owner's setting), keeping every outcome for the test to read. It acts
/// as an owner or a player through `execute`.
/// @dev Sources under solidity/test/ are compiled with the game for its tests only: the deployment never
/// deploys them and the generated bindings leave them out.
contract ReentrantReceiver {
    /// @notice A call to make back into the game while receiving.
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    /// @notice What one call back gave: its return data if it succeeded, else its revert data.
    struct Outcome {
        uint256 depth;
        bool ok;
        bytes data;
    }

    /// @notice Callbacks nest at most this deep (a real attacker would go on while the gas lasts).
    uint256 public constant MAX_DEPTH = 3;

    /// @notice The account that deployed the receiver; the only one that may instruct it.
    address public immutable controller;
    /// @notice Whether a call back that reverts makes the receiver refuse what it is receiving.
    bool public refuseOnFailure;
    /// @notice ETH taken through `receive`, in wei.
    uint256 public received;
    /// @notice Times `receive` or `onERC721Received` ran.
    uint256 public callbacks;

    Call[] private _calls;
    Outcome[] private _outcomes;
    uint256 private _depth;

    error ReentrantReceiverNotController(address caller);

    constructor() {
        controller = msg.sender;
    }

    modifier onlyController() {
        if (msg.sender != controller) revert ReentrantReceiverNotController(msg.sender);
        _;
    }

    /// @notice Sets the calls to make on every callback and forgets the outcomes so far.
    function setCalls(Call[] calldata calls, bool refuseOnFailure_) external onlyController {
        delete _calls;
        delete _outcomes;
        for (uint256 i; i < calls.length; ++i) {
            _calls.push(calls[i]);
        }
        refuseOnFailure = refuseOnFailure_;
    }

    /// @notice Calls `target` as this contract, forwarding `value`; bubbles a revert with its data.
    function execute(address target, uint256 value, bytes calldata data) external payable onlyController returns (bytes memory) {
        (bool ok, bytes memory result) = target.call{value: value}(data);
        if (!ok) _bubble(result);
        return result;
    }

    /// @notice Every call back made since the last `setCalls`, in order.
    function outcomes() external view returns (Outcome[] memory) {
        return _outcomes;
    }

    receive() external payable {
        received += msg.value;
        _callBack();
    }

    function onERC721Received(address, address, uint256, bytes calldata) external returns (bytes4) {
        _callBack();
        return this.onERC721Received.selector;
    }

    function _callBack() private {
        ++callbacks;
        if (_depth >= MAX_DEPTH) return;
        ++_depth;
        for (uint256 i; i < _calls.length; ++i) {
            Call memory call = _calls[i];
            (bool ok, bytes memory data) = call.target.call{value: call.value}(call.data);
            _outcomes.push(Outcome(_depth, ok, data));
            if (!ok && refuseOnFailure) _bubble(data);
        }
        --_depth;
    }

    function _bubble(bytes memory data) private pure {
        assembly ("memory-safe") {
            revert(add(data, 0x20), mload(data))
        }
    }
}
