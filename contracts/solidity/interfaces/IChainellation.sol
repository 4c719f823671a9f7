// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IDecorations} from "./IDecorations.sol";
import {Sky} from "./ISky.sol";
import {ISkyRenderer} from "./ISkyRenderer.sol";

/// @notice The game's own side of the sky collection: its events, errors and functions, beside the ERC-721 ones.
interface IChainellation {
    /// @notice Sky `skyId` was minted to `owner` over `tzOffset` with these traits: the whole new sky in one log, so
    /// an indexer needs neither a `skyOf` call per mint nor to pair this log with the ERC-721 Transfer beside it.
    event SkyMinted(
        uint256 indexed skyId,
        address indexed owner,
        int32 tzOffset,
        uint16 primaryHue,
        uint16 secondaryHue,
        uint8 constellation,
        uint8 clouds
    );
    /// @notice Sky `skyId` was gazed at; `gazes` is the number of its constellation's stars now revealed.
    event Stargazed(uint256 indexed skyId, uint256 gazes);
    event MaxSupplyUpdated(uint256 maxSupply);
    event PricesUpdated(uint256 basePrice, uint256 customizationPrice);
    event Withdrawn(address indexed to, uint256 amount);
    event RendererUpdated(address renderer);
    event DecorationsUpdated(address decorations);
    /// @notice ERC-7572: `contractURI` changed.
    event ContractURIUpdated();

    error ChainellationSoldOut(uint256 maxSupply);
    error ChainellationWrongPayment(uint256 paid, uint256 price);
    error ChainellationInvalidTimeZone(int256 tzOffset);
    error ChainellationInvalidHue(uint256 hue);
    error ChainellationInvalidConstellation(uint256 constellation);
    error ChainellationInvalidClouds(uint256 clouds);
    error ChainellationNotSkyOwner(uint256 skyId, address caller);
    error ChainellationNotNight(uint256 skyId, uint256 localTime);
    error ChainellationGazeTooSoon(uint256 skyId, uint256 nextGazeAt);
    error ChainellationFullyRevealed(uint256 skyId);
    error ChainellationInvalidMaxSupply(uint256 maxSupply, uint256 minted);
    error ChainellationWithdrawFailed(address to, uint256 amount);
    error ChainellationInvalidRecipient(address to);
    error ChainellationNothingToWithdraw();
    error ChainellationProceedsHeld(uint256 amount);
    error ChainellationInvalidChosenTraits(uint256 chosenTraits);
    error ChainellationNotAContract(address account);
    error ChainellationNotDecorations(address caller);

    /*                            Mint                           */

    /// @notice Mints a sky over time zone `tzOffset` (seconds east of UTC) with traits of its own choosing.
    function mint(int32 tzOffset) external payable returns (uint256 skyId);

    /// @notice Mints a sky with chosen traits; each chosen trait adds the customization price.
    /// @param primaryHue Zenith hue 0-359, or DEFAULT_HUE.
    /// @param secondaryHue Horizon hue 0-359, or DEFAULT_HUE.
    /// @param constellation Catalogue id, or 0 for the sky's own.
    /// @param clouds Cloud level 1-4, or 0 for the sky's own.
    function mintCustom(int32 tzOffset, uint16 primaryHue, uint16 secondaryHue, uint8 constellation, uint8 clouds)
        external
        payable
        returns (uint256 skyId);

    /*                          Stargaze                         */

    /// @notice Gazes at sky `skyId`: reveals one more star. Owner only, at night there, 14 h after the last gaze.
    function starGaze(uint256 skyId) external;

    /// @notice Gazes at every sky in `skyIds` in one transaction; reverts if any of them cannot be gazed at.
    function starGazeMany(uint256[] calldata skyIds) external;

    /*                           Reads                           */

    /// @notice The traits and progress of sky `skyId`.
    function skyOf(uint256 skyId) external view returns (Sky memory);

    /// @notice Every sky `owner` holds, newest first (highest id first), with its traits, in one call.
    function skiesOf(address owner) external view returns (uint256[] memory skyIds, Sky[] memory skies);

    /// @notice Seconds since local midnight, right now, in time zone `tzOffset` (seconds east of UTC, a whole
    /// quarter hour from MIN_TZ_OFFSET to MAX_TZ_OFFSET, as a sky's).
    function localTimeOf(int256 tzOffset) external view returns (uint256);

    /// @notice Whether it is night (18:00-05:59 local) over sky `skyId` right now.
    function isNight(uint256 skyId) external view returns (bool);

    /// @notice Skies minted so far.
    function totalSupply() external view returns (uint256);

    /// @notice Cap on the number of skies.
    function maxSupply() external view returns (uint256);

    /// @notice Price of a sky with default traits, in wei.
    function basePrice() external view returns (uint256);

    /// @notice Price added for each chosen trait, in wei.
    function customizationPrice() external view returns (uint256);

    /// @notice Price of a sky with `chosenTraits` chosen traits (0-4), in wei.
    function mintPrice(uint256 chosenTraits) external view returns (uint256);

    /// @notice Number of constellations in the catalogue; ids run from 1 to this.
    function constellationCount() external pure returns (uint256);

    /// @notice Name and star count of constellation `id`.
    function constellationInfo(uint256 id) external pure returns (string memory name_, uint256 stars);

    /// @notice ERC-7572 collection metadata: base64 JSON with the collection's name, a description and, as its
    /// image, sky #0 drawn by the current renderer. No sky has id 0 (ids start at 1), so the emblem is nobody's.
    function contractURI() external view returns (string memory);

    /// @notice The contract that draws the skies.
    function renderer() external view returns (address);

    /// @notice The decorations registry whose layers the skies wear.
    function decorations() external view returns (address);

    /*                           Owner                           */

    /// @notice Sets the cap on the number of skies; never below those minted.
    function setMaxSupply(uint256 maxSupply_) external;

    /// @notice Sets the base price and the price per chosen trait, in wei.
    function setPrices(uint96 basePrice_, uint96 customizationPrice_) external;

    /// @notice Sends the whole balance to `to`.
    function withdraw(address payable to) external;

    /// @notice Sets the contract that draws the skies, which redraws every sky and the collection's image.
    function setRenderer(ISkyRenderer renderer_) external;

    /// @notice Sets the decorations registry whose layers the skies wear, which redraws every sky; the zero
    /// address for none.
    function setDecorations(IDecorations decorations_) external;

    /*                         Decorations                       */

    /// @notice ERC-4906: announces that sky `skyId`'s layers changed. Marketplaces listen to the token's own
    /// contract, so the registry whose layers the skies wear calls this, and only it may.
    function notifyMetadataUpdate(uint256 skyId) external;
}
