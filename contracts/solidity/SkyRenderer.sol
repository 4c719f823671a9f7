// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Base64} from "solady/src/utils/Base64.sol";
import {DynamicBufferLib} from "solady/src/utils/DynamicBufferLib.sol";
import {LibString} from "solady/src/utils/LibString.sol";
import {Constellations} from "./Constellations.sol";
import {Sky} from "./interfaces/ISky.sol";
import {ISkyRenderer} from "./interfaces/ISkyRenderer.sol";

/// @title chainellation sky renderer
/// @notice Draws a sky as a 512x512 SVG: a gradient from its two hues, the sun by day, by night a star
/// field seeded by its id and the stars of its constellation revealed so far (with the figure's lines
/// once complete), its clouds, and its decoration layers embedded as images.
/// @dev Pure and integer-only, so the TypeScript port can reproduce it byte for byte.
contract SkyRenderer is ISkyRenderer {
    using DynamicBufferLib for DynamicBufferLib.DynamicBuffer;

    error SkyRendererInvalidTimeZone(int256 tzOffset);
    error SkyRendererInvalidHue(uint256 hue);
    error SkyRendererInvalidConstellation(uint256 constellation);
    error SkyRendererInvalidClouds(uint256 clouds);
    error SkyRendererInvalidHour(uint256 hour);

    /// @inheritdoc ISkyRenderer
    function svg(uint256 skyId, Sky calldata sky, uint256 hour, string[3] calldata layers)
        external
        pure
        returns (string memory)
    {
        _check(sky, hour);
        return string(_svg(skyId, sky, hour, layers));
    }

    /// @inheritdoc ISkyRenderer
    function tokenURI(uint256 skyId, Sky calldata sky, uint256 hour, string[3] calldata layers)
        external
        pure
        returns (string memory)
    {
        _check(sky, hour);
        bytes memory image = _svg(skyId, sky, hour, layers);
        bytes memory tz = _timeZone(sky.tzOffset);
        uint256 stars = Constellations.starCount(sky.constellation);
        uint256 revealed = sky.gazes < stars ? sky.gazes : stars;
        DynamicBufferLib.DynamicBuffer memory json;
        json.reserve(image.length * 4 / 3 + 1024);
        json.p('{"name":"chainellation #', _n(skyId), '","description":"A night sky over ', tz);
        json.p(", drawn and kept on-chain. Stargaze there at night to reveal its constellation, one star a night.");
        json.p('","image":"data:image/svg+xml;base64,', bytes(Base64.encode(image)), '","attributes":[');
        json.p('{"trait_type":"Time zone","value":"', tz, '"},{"trait_type":"Primary hue","value":');
        json.p(_n(sky.primaryHue), '},{"trait_type":"Secondary hue","value":', _n(sky.secondaryHue));
        json.p('},{"trait_type":"Clouds","value":', _n(sky.clouds), '},{"trait_type":"Gazes","value":', _n(sky.gazes));
        json.p('},{"trait_type":"Stars revealed","value":"', _n(revealed), "/", _n(stars));
        json.p('"},{"trait_type":"Time","value":"', _isNight(hour) ? bytes("Night") : bytes("Day"), '"}');
        if (revealed == stars) {
            (string memory name,,) = Constellations.get(sky.constellation);
            json.p(',{"trait_type":"Constellation","value":"', bytes(name), '"}');
        }
        json.p("]}");
        return string.concat("data:application/json;base64,", Base64.encode(json.data));
    }

    /// @dev Refuses what no sky can be, the same bounds as the collection's, rather than draw nonsense or
    /// fail on an index. Gazes beyond the star count only show the whole figure.
    function _check(Sky calldata sky, uint256 hour) private pure {
        int256 tz = sky.tzOffset;
        if (tz < -12 hours || tz > 14 hours || tz % 15 minutes != 0) revert SkyRendererInvalidTimeZone(tz);
        if (sky.primaryHue >= 360) revert SkyRendererInvalidHue(sky.primaryHue);
        if (sky.secondaryHue >= 360) revert SkyRendererInvalidHue(sky.secondaryHue);
        if (sky.constellation == 0 || sky.constellation > Constellations.COUNT) {
            revert SkyRendererInvalidConstellation(sky.constellation);
        }
        if (sky.clouds == 0 || sky.clouds > 4) revert SkyRendererInvalidClouds(sky.clouds);
        if (hour > 23) revert SkyRendererInvalidHour(hour);
    }

    function _svg(uint256 skyId, Sky calldata sky, uint256 hour, string[3] calldata layers)
        private
        pure
        returns (bytes memory)
    {
        bool night = _isNight(hour);
        uint256 seed = uint256(keccak256(abi.encode("chainellation", skyId)));
        DynamicBufferLib.DynamicBuffer memory b;
        b.reserve(8192);
        b.p('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512"><defs>');
        b.p('<linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(');
        b.p(_n(sky.primaryHue), night ? bytes(',55%,9%)"/>') : bytes(',70%,58%)"/>'), '<stop offset="1" stop-color="hsl(');
        b.p(_n(sky.secondaryHue), night ? bytes(',60%,27%)"/>') : bytes(',75%,84%)"/>'), "</linearGradient>");
        b.p('<radialGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" ');
        b.p('stop-opacity="0"/></radialGradient></defs><rect width="512" height="512" fill="url(#s)"/>');
        if (night) {
            _starField(b, seed);
            _constellation(b, sky);
        } else {
            uint256 d = hour * 2 > 23 ? hour * 2 - 23 : 23 - hour * 2;
            bytes memory cx = _n(40 + (hour - 6) * 39);
            bytes memory cy = _n(70 + d * d * 2);
            b.p('<circle cx="', cx, '" cy="', cy, '" r="80" fill="url(#g)" opacity=".6"/>');
            b.p('<circle cx="', cx, '" cy="', cy, '" r="30" fill="#fff7dc"/>');
        }
        _clouds(b, seed, sky, night);
        // Drawn back to front: the sky decoration, the silhouette, then the object.
        _layer(b, layers[1]);
        _layer(b, layers[0]);
        _layer(b, layers[2]);
        b.p("</svg>");
        return b.data;
    }

    /// @dev 60-99 stars in three classes of size and brightness, each class one path of round dots.
    function _starField(DynamicBufferLib.DynamicBuffer memory b, uint256 seed) private pure {
        uint256 count = 60 + seed % 40;
        DynamicBufferLib.DynamicBuffer[3] memory classes;
        for (uint256 i; i < count; ++i) {
            uint256 h = uint256(keccak256(abi.encode(seed, i)));
            uint256 roll = h >> 32 & 15;
            _dot(classes[roll < 10 ? 0 : roll < 14 ? 1 : 2], h & 511, (h >> 16) % 440);
        }
        b.p('<g stroke="#fff" stroke-linecap="round" fill="none"><path stroke-width="2" stroke-opacity=".45" d="');
        b.p(classes[0].data, '"/><path stroke-width="2.6" stroke-opacity=".7" d="', classes[1].data);
        b.p('"/><path stroke-width="3.4" d="', classes[2].data, '"/></g>');
    }

    /// @dev Revealed stars as glowing dots; once all are revealed, the figure's lines behind them.
    function _constellation(DynamicBufferLib.DynamicBuffer memory b, Sky calldata sky) private pure {
        if (sky.gazes == 0) return;
        (, bytes memory stars, bytes memory lines) = Constellations.get(sky.constellation);
        uint256 count = stars.length / 2;
        b.p('<g stroke="#ffe9c2" stroke-linecap="round" fill="none">');
        if (sky.gazes >= count) {
            DynamicBufferLib.DynamicBuffer memory figure;
            for (uint256 i; i < lines.length; i += 2) {
                uint256 from = uint256(uint8(lines[i])) * 2;
                uint256 to = uint256(uint8(lines[i + 1])) * 2;
                figure.p(abi.encodePacked("M", _px(stars, from), " ", _px(stars, from + 1)));
                figure.p(abi.encodePacked("L", _px(stars, to), " ", _px(stars, to + 1)));
            }
            b.p('<path stroke-width="1.5" stroke-opacity=".55" d="', figure.data, '"/>');
        }
        DynamicBufferLib.DynamicBuffer memory dots;
        for (uint256 i; i < sky.gazes && i < count; ++i) {
            _dot(dots, uint256(uint8(stars[i * 2])) * 2, uint256(uint8(stars[i * 2 + 1])) * 2);
        }
        b.p('<path stroke-width="16" stroke-opacity=".2" d="', dots.data, '"/><path stroke-width="5.2" d="');
        b.p(dots.data, '"/></g>');
    }

    /// @dev A zero-length subpath, drawn as a dot by a round line cap.
    function _dot(DynamicBufferLib.DynamicBuffer memory b, uint256 x, uint256 y) private pure {
        b.p(abi.encodePacked("M", _n(x), " ", _n(y), "h0"));
    }

    function _clouds(DynamicBufferLib.DynamicBuffer memory b, uint256 seed, Sky calldata sky, bool night)
        private
        pure
    {
        uint256 count = (sky.clouds - 1) * 2;
        if (count == 0) return;
        if (night) b.p('<g fill="hsl(', _n(sky.secondaryHue), ',30%,40%)" opacity=".5">');
        else b.p('<g fill="#fff" opacity=".8">');
        for (uint256 i; i < count; ++i) {
            _cloud(b, uint256(keccak256(abi.encode(seed, 1000 + i))));
        }
        b.p("</g>");
    }

    /// @dev One cloud: a long ellipse with a smaller puff on its back.
    function _cloud(DynamicBufferLib.DynamicBuffer memory b, uint256 h) private pure {
        uint256 cx = h & 511;
        uint256 cy = 60 + (h >> 16) % 300;
        uint256 rx = 40 + (h >> 32) % 60;
        bytes memory ry = _n(10 + (h >> 48) % 14);
        b.p('<ellipse cx="', _n(cx), '" cy="', _n(cy), '" rx="', _n(rx));
        b.p('" ry="', ry, '"/><ellipse cx="', _n(cx + rx / 3), '" cy="', _n(cy - (10 + (h >> 48) % 14) / 2));
        b.p('" rx="', _n(rx / 2), '" ry="', ry, '"/>');
    }

    function _layer(DynamicBufferLib.DynamicBuffer memory b, string calldata layer) private pure {
        if (bytes(layer).length == 0) return;
        b.p('<image href="data:image/svg+xml;base64,', bytes(Base64.encode(bytes(layer))), '" width="512" height="512"/>');
    }

    /// @dev "UTC+05:45" style.
    function _timeZone(int256 tzOffset) private pure returns (bytes memory) {
        uint256 abs = uint256(tzOffset < 0 ? -tzOffset : tzOffset);
        uint256 hours_ = abs / 3600;
        uint256 minutes_ = abs % 3600 / 60;
        return abi.encodePacked(
            "UTC",
            tzOffset < 0 ? "-" : "+",
            hours_ < 10 ? "0" : "",
            _n(hours_),
            minutes_ < 10 ? ":0" : ":",
            _n(minutes_)
        );
    }

    /// @dev A catalogue coordinate (256-unit grid) in pixels.
    function _px(bytes memory stars, uint256 index) private pure returns (bytes memory) {
        return _n(uint256(uint8(stars[index])) * 2);
    }

    function _isNight(uint256 hour) private pure returns (bool) {
        return hour < 6 || hour >= 18;
    }

    function _n(uint256 value) private pure returns (bytes memory) {
        return bytes(LibString.toString(value));
    }
}
