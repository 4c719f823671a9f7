// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {Context} from "@openzeppelin/contracts/utils/Context.sol";

/// @title An owned contract that trusts one ERC-2771 forwarder
/// @notice Its functions take the caller from `_msgSender()`: the signer of a request the trusted forwarder relays
/// (the address it appends to the call), else the direct caller; ERC-2771's rule, as OpenZeppelin's
/// `ERC2771Context` implements it. The owner's functions follow the same rule. A contract inheriting this names
/// `Ownable(initialOwner)` and `ERC2771Context(trustedForwarder)` in its constructor.
abstract contract ForwardedOwnable is Ownable, ERC2771Context {
    function _msgSender() internal view override(Context, ERC2771Context) returns (address) {
        return ERC2771Context._msgSender();
    }

    function _msgData() internal view override(Context, ERC2771Context) returns (bytes calldata) {
        return ERC2771Context._msgData();
    }

    function _contextSuffixLength() internal view override(Context, ERC2771Context) returns (uint256) {
        return ERC2771Context._contextSuffixLength();
    }
}
