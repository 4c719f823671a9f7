// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Constellations} from "./Constellations.sol";
import {IChainellation} from "./interfaces/IChainellation.sol";
import {Sky} from "./interfaces/ISky.sol";

/// @notice How a sky's whole state packs into the 96 spare bits of its ERC-721 ownership slot, so a mint writes
/// one fresh slot and a gaze rewrites it. Bits: [0,18) previous sky minted by the same minter,
/// [18,25) time zone in quarter hours + 48, [25,34) primary hue, [34,43) secondary hue,
/// [43,48) constellation, [48,50) clouds - 1, [50,55) gazes, [55,87) last gaze.
library SkyBits {
    /// @dev A hue argument that lets the sky choose its own hue.
    uint16 internal constant DEFAULT_HUE = type(uint16).max;

    /// @dev Validates the chosen traits, fills the others from the sky's id, and packs them.
    function packTraits(uint256 skyId, uint256 primaryHue, uint256 secondaryHue, uint256 constellation, uint256 clouds)
        internal
        pure
        returns (uint256 traits, uint256 chosen)
    {
        uint256 seed = uint256(keccak256(abi.encode(skyId)));
        if (primaryHue == DEFAULT_HUE) primaryHue = seed % 360;
        else if (primaryHue < 360) ++chosen;
        else revert IChainellation.ChainellationInvalidHue(primaryHue);
        if (secondaryHue == DEFAULT_HUE) secondaryHue = (seed >> 16) % 360;
        else if (secondaryHue < 360) ++chosen;
        else revert IChainellation.ChainellationInvalidHue(secondaryHue);
        if (constellation == 0) constellation = 1 + (seed >> 32) % Constellations.COUNT;
        else if (constellation <= Constellations.COUNT) ++chosen;
        else revert IChainellation.ChainellationInvalidConstellation(constellation);
        if (clouds == 0) clouds = 1 + (seed >> 48) % 4;
        else if (clouds <= 4) ++chosen;
        else revert IChainellation.ChainellationInvalidClouds(clouds);
        traits = primaryHue << 25 | secondaryHue << 34 | constellation << 43 | (clouds - 1) << 48;
    }

    /// @dev The time zone of the packed sky `data`, in seconds east of UTC.
    function tzOffset(uint256 data) internal pure returns (int256) {
        return (int256(data >> 18 & 0x7f) - 48) * 15 minutes;
    }

    /// @dev The packed sky `data` unpacked.
    function decode(uint256 data) internal pure returns (Sky memory) {
        return Sky({
            tzOffset: int32(tzOffset(data)),
            primaryHue: uint16(data >> 25 & 0x1ff),
            secondaryHue: uint16(data >> 34 & 0x1ff),
            constellation: uint8(data >> 43 & 0x1f),
            clouds: uint8((data >> 48 & 0x3) + 1),
            gazes: uint8(data >> 50 & 0x1f),
            lastGaze: uint32(data >> 55)
        });
    }
}
