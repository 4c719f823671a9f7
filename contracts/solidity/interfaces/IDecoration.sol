// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @notice A decoration that a sky can wear on one of its layers.
/// @dev The SVG is a whole 512x512 document; the sky embeds it as an image, so it can never break
/// the sky's markup nor run anything.
interface IDecoration {
    /// @notice Human-readable name of the decoration.
    function decorationName() external view returns (string memory);

    /// @notice The decoration's art for `tokenId` (ignored by free decorations).
    function decorationSVG(uint256 tokenId) external view returns (string memory);
}
