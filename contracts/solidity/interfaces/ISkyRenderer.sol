// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Sky} from "./ISky.sol";

/// @notice Draws skies: the SVG and the token metadata.
interface ISkyRenderer {
    /// @notice The 512x512 SVG of sky `skyId` with `sky`'s traits at local hour `hour` (0-23),
    /// with the given decoration layers (silhouette, sky, object; empty strings for none). Reverts for traits
    /// no sky can have.
    function svg(uint256 skyId, Sky calldata sky, uint256 hour, string[3] calldata layers)
        external
        pure
        returns (string memory);

    /// @notice The `data:application/json;base64,` token URI of sky `skyId`.
    function tokenURI(uint256 skyId, Sky calldata sky, uint256 hour, string[3] calldata layers)
        external
        pure
        returns (string memory);
}
