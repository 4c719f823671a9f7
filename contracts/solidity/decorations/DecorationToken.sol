// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ERC721} from "solady/src/tokens/ERC721.sol";
import {Base64} from "solady/src/utils/Base64.sol";
import {LibString} from "solady/src/utils/LibString.sol";
import {SSTORE2} from "solady/src/utils/SSTORE2.sol";
import {IDecoration} from "../interfaces/IDecoration.sol";

/// @title A collectible chainellation decoration
/// @notice An ERC-721 decoration: a sky may wear it while the sky's owner holds one of its tokens.
contract DecorationToken is ERC721, Ownable, ReentrancyGuard, IDecoration {
    address private immutable _art;
    string private _name;
    string private _symbol;
    uint96 private _price;
    uint32 private _minted;
    uint32 private _maxSupply;

    event PriceUpdated(uint256 price);
    event Withdrawn(address indexed to, uint256 amount);

    error DecorationTokenSoldOut(uint256 maxSupply);
    error DecorationTokenWrongPayment(uint256 paid, uint256 price);
    error DecorationTokenWithdrawFailed(address to, uint256 amount);
    error DecorationTokenInvalidRecipient(address to);
    error DecorationTokenNothingToWithdraw();
    error DecorationTokenProceedsHeld(uint256 amount);

    constructor(
        address initialOwner,
        string memory name_,
        string memory symbol_,
        string memory art,
        uint96 price_,
        uint32 maxSupply_
    ) Ownable(initialOwner) {
        _name = name_;
        _symbol = symbol_;
        _art = SSTORE2.write(bytes(art));
        _price = price_;
        _maxSupply = maxSupply_;
    }

    /// @notice Mints one token to the caller for exactly the price.
    function mint() external payable returns (uint256 tokenId) {
        uint256 minted = _minted;
        if (minted >= _maxSupply) revert DecorationTokenSoldOut(_maxSupply);
        if (msg.value != _price) revert DecorationTokenWrongPayment(msg.value, _price);
        tokenId = minted + 1;
        _minted = uint32(tokenId);
        _mint(msg.sender, tokenId);
    }

    /// @notice The collection's name, also the decoration's name.
    function name() public view override returns (string memory) {
        return _name;
    }

    /// @notice The collection's symbol.
    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    /// @notice Base64 JSON metadata with the decoration's on-chain art.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        if (!_exists(tokenId)) revert TokenDoesNotExist();
        bytes memory json = abi.encodePacked(
            '{"name":"',
            _name,
            " #",
            LibString.toString(tokenId),
            '","description":"A chainellation decoration. A sky wears it while its owner holds this token.",',
            '"image":"data:image/svg+xml;base64,',
            Base64.encode(SSTORE2.read(_art)),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(json));
    }

    /// @inheritdoc IDecoration
    function decorationName() external view returns (string memory) {
        return _name;
    }

    /// @inheritdoc IDecoration
    function decorationSVG(uint256) external view returns (string memory) {
        return string(SSTORE2.read(_art));
    }

    /// @notice Price of one token, in wei.
    function price() external view returns (uint256) {
        return _price;
    }

    /// @notice Tokens minted so far.
    function totalSupply() external view returns (uint256) {
        return _minted;
    }

    /// @notice Cap on the number of tokens.
    function maxSupply() external view returns (uint256) {
        return _maxSupply;
    }

    /// @notice Sets the price of one token, in wei.
    function setPrice(uint96 price_) external onlyOwner {
        _price = price_;
        emit PriceUpdated(price_);
    }

    /// @notice Sends the whole balance to `to`.
    /// @dev As the collection's: the guard refuses a second withdraw from inside the first, and the checks and
    /// the event come before the transfer, so one withdrawal moves exactly the balance it read, once.
    function withdraw(address payable to) external onlyOwner nonReentrant {
        if (to == address(0)) revert DecorationTokenInvalidRecipient(to);
        uint256 amount = address(this).balance;
        if (amount == 0) revert DecorationTokenNothingToWithdraw();
        emit Withdrawn(to, amount);
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert DecorationTokenWithdrawFailed(to, amount);
    }

    /// @notice As the collection's: refused while the token holds proceeds, which nobody could withdraw afterwards.
    function renounceOwnership() public override onlyOwner {
        uint256 held = address(this).balance;
        if (held != 0) revert DecorationTokenProceedsHeld(held);
        super.renounceOwnership();
    }
}
