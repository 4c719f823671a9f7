// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice What the sky collection needs from the decorations registry.
interface IDecorations {
    /// @notice The SVG of each layer that sky `skyId` currently shows (silhouette, sky, object).
    function layerSVGs(uint256 skyId) external view returns (string[3] memory);
}
