// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice The traits and progress of one night sky, as stored in its ownership slot.
struct Sky {
    /// @dev Seconds east of UTC, a multiple of 15 minutes in [-12 h, +14 h].
    int32 tzOffset;
    /// @dev Hue of the zenith, 0-359.
    uint16 primaryHue;
    /// @dev Hue of the horizon, 0-359.
    uint16 secondaryHue;
    /// @dev Catalogue id, 1-based.
    uint8 constellation;
    /// @dev 1 (clear) to 4 (overcast).
    uint8 clouds;
    /// @dev Gazes so far; each one revealed one more star.
    uint8 gazes;
    /// @dev Unix time of the last gaze, 0 before the first.
    uint32 lastGaze;
}

/// @notice What the decorations registry needs from the sky collection.
interface ISkyOwnership {
    function ownerOf(uint256 skyId) external view returns (address);

    /// @notice Has the collection emit ERC-4906's MetadataUpdate for sky `skyId`, whose layers changed.
    /// Only the registry the collection has set may call it.
    function notifyMetadataUpdate(uint256 skyId) external;
}
