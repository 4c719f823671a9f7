// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {SSTORE2} from "solady/src/utils/SSTORE2.sol";
import {IDecoration} from "../interfaces/IDecoration.sol";

/// @title A free chainellation decoration
/// @notice Art that every sky may wear, without a token.
/// @dev The art is kept as contract code (SSTORE2), so reading it costs a code copy, not storage reads.
contract FreeDecoration is IDecoration {
    address private immutable _art;
    string private _name;

    constructor(string memory name_, string memory art) {
        _name = name_;
        _art = SSTORE2.write(bytes(art));
    }

    /// @inheritdoc IDecoration
    function decorationName() external view returns (string memory) {
        return _name;
    }

    /// @inheritdoc IDecoration
    function decorationSVG(uint256) external view returns (string memory) {
        return string(SSTORE2.read(_art));
    }
}
