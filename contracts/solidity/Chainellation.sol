// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ERC721} from "solady/src/tokens/ERC721.sol";
import {Base64} from "solady/src/utils/Base64.sol";
import {LibSort} from "solady/src/utils/LibSort.sol";
import {Constellations} from "./Constellations.sol";
import {ForwardedOwnable} from "./ForwardedOwnable.sol";
import {IChainellation} from "./interfaces/IChainellation.sol";
import {IDecorations} from "./interfaces/IDecorations.sol";
import {Sky} from "./interfaces/ISky.sol";
import {ISkyRenderer} from "./interfaces/ISkyRenderer.sol";
import {SkyBits} from "./SkyBits.sol";

/// @title chainellation night skies
/// @notice Each token is a night sky over a time zone. At night there its owner may stargaze once every
/// 14 hours; each gaze reveals one more star of the sky's secret constellation.
/// @dev A sky's whole state lives in the 96 spare bits of its ERC-721 ownership slot, packed as `SkyBits` says.
/// A sky that was never minted reverts with the ERC-721 base's `TokenDoesNotExist()` wherever it is named,
/// in the game's functions as in `ownerOf`, `approve` and transfers, so a client decodes one error for it.
/// A sky's art changes with its gazes and its decorations, so the collection announces those changes with
/// ERC-4906's events, and describes itself with ERC-7572's `contractURI`.
/// A player mints and gazes directly, or through the trusted ERC-2771 forwarder, which relays a request the player
/// signed and appends their address: the game's functions take the player from `_msgSender()`. The ERC-721
/// functions (transfers, approvals) take the direct caller only, as the base reads it.
/// `IChainellation` declares and documents its events, errors and the game's functions.
contract Chainellation is IChainellation, ERC721, ForwardedOwnable, ReentrancyGuard {
    /// @notice A `mintCustom` hue argument that lets the sky choose its own hue.
    uint16 public constant DEFAULT_HUE = SkyBits.DEFAULT_HUE;
    /// @notice Earliest and latest time zones, in seconds east of UTC.
    int32 public constant MIN_TZ_OFFSET = -12 hours;
    int32 public constant MAX_TZ_OFFSET = 14 hours;
    /// @notice Time that must pass between two gazes at the same sky.
    uint256 public constant GAZE_COOLDOWN = 14 hours;
    /// @notice Largest supply the 18-bit sky links can address.
    uint256 public constant MAX_SUPPLY_LIMIT = 2 ** 18 - 1;
    /// @dev ERC-4906 fixes this id; its interface declares no functions, so no selectors derive it.
    bytes4 private constant _ERC4906_INTERFACE_ID = 0x49064906;

    struct Config {
        uint32 minted;
        uint32 maxSupply;
        uint96 basePrice;
        uint96 customizationPrice;
    }

    Config private _config;
    ISkyRenderer private _renderer;
    IDecorations private _decorations;
    /// @dev Skies each account received by transfer, newest last; the view filters out those it no longer owns.
    mapping(address account => uint32[]) private _received;

    /// @param renderer_ Draws the skies; must be a contract.
    /// @param maxSupply_ Initial cap on the number of skies.
    /// @param basePrice_ Price of a sky, in wei.
    /// @param customizationPrice_ Added for each trait chosen by the minter, in wei.
    /// @param trustedForwarder_ The ERC-2771 forwarder whose calls act for the account that signed them.
    constructor(
        address initialOwner,
        ISkyRenderer renderer_,
        uint256 maxSupply_,
        uint96 basePrice_,
        uint96 customizationPrice_,
        address trustedForwarder_
    ) Ownable(initialOwner) ERC2771Context(trustedForwarder_) {
        if (maxSupply_ > MAX_SUPPLY_LIMIT) revert ChainellationInvalidMaxSupply(maxSupply_, 0);
        _checkContract(address(renderer_));
        _config = Config(0, uint32(maxSupply_), basePrice_, customizationPrice_);
        _renderer = renderer_;
    }

    /*                          ERC-721                          */

    /// @notice The collection's name.
    function name() public pure override returns (string memory) {
        return "chainellation";
    }

    /// @notice The collection's symbol.
    function symbol() public pure override returns (string memory) {
        return "STARS";
    }

    /// @notice ERC-165: ERC-721 and its metadata extension, as the base says, and ERC-4906.
    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == _ERC4906_INTERFACE_ID || super.supportsInterface(interfaceId);
    }

    /// @notice Base64 JSON metadata with the sky's fully on-chain SVG, as it looks right now.
    function tokenURI(uint256 skyId) public view override returns (string memory) {
        Sky memory sky = skyOf(skyId);
        string[3] memory layers;
        if (address(_decorations) != address(0)) layers = _decorations.layerSVGs(skyId);
        return _renderer.tokenURI(skyId, sky, _localTime(sky.tzOffset) / 1 hours, layers);
    }

    /*                            Mint                           */

    function mint(int32 tzOffset) external payable returns (uint256 skyId) {
        return _mintSky(tzOffset, DEFAULT_HUE, DEFAULT_HUE, 0, 0);
    }

    function mintCustom(int32 tzOffset, uint16 primaryHue, uint16 secondaryHue, uint8 constellation, uint8 clouds)
        external
        payable
        returns (uint256 skyId)
    {
        return _mintSky(tzOffset, primaryHue, secondaryHue, constellation, clouds);
    }

    function _mintSky(int32 tzOffset, uint256 primaryHue, uint256 secondaryHue, uint256 constellation, uint256 clouds)
        private
        returns (uint256 skyId)
    {
        _checkTimeZone(tzOffset);
        Config memory config = _config;
        if (config.minted >= config.maxSupply) revert ChainellationSoldOut(config.maxSupply);
        skyId = config.minted + 1;
        (uint256 traits, uint256 chosen) = SkyBits.packTraits(skyId, primaryHue, secondaryHue, constellation, clouds);
        uint256 price = config.basePrice + chosen * config.customizationPrice;
        if (msg.value != price) revert ChainellationWrongPayment(msg.value, price);

        _config.minted = uint32(skyId);
        address minter = _msgSender();
        uint256 data = _getAux(minter) | uint256(int256(tzOffset / 15 minutes) + 48) << 18 | traits;
        _mintAndSetExtraDataUnchecked(minter, skyId, uint96(data));
        _setAux(minter, uint224(skyId));
        emit SkyMinted(
            skyId,
            minter,
            tzOffset,
            uint16(traits >> 25 & 0x1ff),
            uint16(traits >> 34 & 0x1ff),
            uint8(traits >> 43 & 0x1f),
            uint8((traits >> 48 & 0x3) + 1)
        );
    }

    /*                          Stargaze                         */

    function starGaze(uint256 skyId) external {
        _gaze(skyId, _msgSender());
        emit IERC4906.MetadataUpdate(skyId);
    }

    /// @inheritdoc IChainellation
    /// @dev ERC-4906's BatchMetadataUpdate names a range of ids, so it is emitted only when the skies gazed at
    /// are exactly such a range, in any order; otherwise each sky gets its own MetadataUpdate. A sky listed
    /// twice reverts (its second gaze comes too soon), so the n ids are distinct, and n distinct ids with
    /// `highest - lowest == n - 1` are exactly the range from `lowest` to `highest`.
    function starGazeMany(uint256[] calldata skyIds) external {
        uint256 count = skyIds.length;
        uint256 lowest = type(uint256).max;
        uint256 highest;
        address player = _msgSender();
        for (uint256 i; i < count; ++i) {
            uint256 skyId = skyIds[i];
            _gaze(skyId, player);
            if (skyId < lowest) lowest = skyId;
            if (skyId > highest) highest = skyId;
        }
        if (count > 1 && highest - lowest == count - 1) {
            emit IERC4906.BatchMetadataUpdate(lowest, highest);
        } else {
            for (uint256 i; i < count; ++i) {
                emit IERC4906.MetadataUpdate(skyIds[i]);
            }
        }
    }

    function _gaze(uint256 skyId, address player) private {
        address owner = _ownerOf(skyId);
        if (owner == address(0)) revert TokenDoesNotExist();
        if (owner != player) revert ChainellationNotSkyOwner(skyId, player);
        uint256 data = _getExtraData(skyId);
        uint256 localTime = _localTime(SkyBits.tzOffset(data));
        if (localTime >= 6 hours && localTime < 18 hours) revert ChainellationNotNight(skyId, localTime);
        uint256 nextGazeAt = (data >> 55 & 0xffffffff) + GAZE_COOLDOWN;
        if (block.timestamp < nextGazeAt) revert ChainellationGazeTooSoon(skyId, nextGazeAt);
        uint256 gazes = (data >> 50 & 0x1f) + 1;
        if (gazes > Constellations.starCount(data >> 43 & 0x1f)) revert ChainellationFullyRevealed(skyId);
        data = data & ~(uint256(0x1fffffffff) << 50) | gazes << 50 | block.timestamp << 55;
        _setExtraData(skyId, uint96(data));
        emit Stargazed(skyId, gazes);
    }

    /*                           Reads                           */

    function skyOf(uint256 skyId) public view returns (Sky memory) {
        if (!_exists(skyId)) revert TokenDoesNotExist();
        return SkyBits.decode(_getExtraData(skyId));
    }

    /// @inheritdoc IChainellation
    /// @dev Walks the skies `owner` minted, then those it received, keeping the ones it still holds; the cost
    /// follows the wallet's own history, not the collection's size.
    function skiesOf(address owner) external view returns (uint256[] memory skyIds, Sky[] memory skies) {
        uint256 count = balanceOf(owner);
        skyIds = new uint256[](count);
        skies = new Sky[](count);
        if (count == 0) return (skyIds, skies);
        bytes memory seen = new bytes(_config.minted + 1);
        uint256 found;
        for (uint256 id = _getAux(owner) & 0x3ffff; id != 0 && found < count; id = _getExtraData(id) & 0x3ffff) {
            if (_ownerOf(id) == owner) {
                seen[id] = 0x01;
                skyIds[found++] = id;
            }
        }
        // Minted skies came newest first; received ones may arrive in any order.
        bool sorted = found == count;
        uint32[] storage received = _received[owner];
        for (uint256 i = received.length; i > 0 && found < count;) {
            uint256 id = received[--i];
            if (seen[id] == 0 && _ownerOf(id) == owner) {
                seen[id] = 0x01;
                skyIds[found++] = id;
            }
        }
        if (!sorted) {
            LibSort.sort(skyIds);
            LibSort.reverse(skyIds);
        }
        for (uint256 i; i < count; ++i) {
            skies[i] = SkyBits.decode(_getExtraData(skyIds[i]));
        }
    }

    function localTimeOf(int256 tzOffset) external view returns (uint256) {
        _checkTimeZone(tzOffset);
        return _localTime(tzOffset);
    }

    function isNight(uint256 skyId) external view returns (bool) {
        uint256 localTime = _localTime(skyOf(skyId).tzOffset);
        return localTime < 6 hours || localTime >= 18 hours;
    }

    function totalSupply() external view returns (uint256) {
        return _config.minted;
    }

    function maxSupply() external view returns (uint256) {
        return _config.maxSupply;
    }

    function basePrice() external view returns (uint256) {
        return _config.basePrice;
    }

    function customizationPrice() external view returns (uint256) {
        return _config.customizationPrice;
    }

    function mintPrice(uint256 chosenTraits) external view returns (uint256) {
        if (chosenTraits > 4) revert ChainellationInvalidChosenTraits(chosenTraits);
        return _config.basePrice + chosenTraits * _config.customizationPrice;
    }

    function constellationCount() external pure returns (uint256) {
        return Constellations.COUNT;
    }

    function constellationInfo(uint256 id) external pure returns (string memory name_, uint256 stars) {
        if (id == 0 || id > Constellations.COUNT) revert ChainellationInvalidConstellation(id);
        (name_,,) = Constellations.get(id);
        stars = Constellations.starCount(id);
    }

    /// @inheritdoc IChainellation
    /// @dev Fixed traits at a fixed hour, so the URI changes only with the renderer. No external link is
    /// configured, so none is given.
    function contractURI() external view returns (string memory) {
        uint256 orion = 1; // the catalogue's first constellation
        Sky memory emblem = Sky({
            tzOffset: 0,
            primaryHue: 230,
            secondaryHue: 33,
            constellation: uint8(orion),
            clouds: 1,
            gazes: uint8(Constellations.starCount(orion)),
            lastGaze: 0
        });
        string[3] memory noLayers;
        string memory image = _renderer.svg(0, emblem, 22, noLayers);
        bytes memory json = abi.encodePacked(
            '{"name":"',
            name(),
            '","description":"Night skies drawn and kept on-chain, each over a time zone of its own. Stargaze there',
            ' at night to reveal its secret constellation, one star a night.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(image)),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(json));
    }

    function renderer() external view returns (address) {
        return address(_renderer);
    }

    function decorations() external view returns (address) {
        return address(_decorations);
    }

    /*                           Owner                           */

    function setMaxSupply(uint256 maxSupply_) external onlyOwner {
        uint256 minted = _config.minted;
        if (maxSupply_ < minted || maxSupply_ > MAX_SUPPLY_LIMIT) {
            revert ChainellationInvalidMaxSupply(maxSupply_, minted);
        }
        _config.maxSupply = uint32(maxSupply_);
        emit MaxSupplyUpdated(maxSupply_);
    }

    function setPrices(uint96 basePrice_, uint96 customizationPrice_) external onlyOwner {
        (_config.basePrice, _config.customizationPrice) = (basePrice_, customizationPrice_);
        emit PricesUpdated(basePrice_, customizationPrice_);
    }

    /// @inheritdoc IChainellation
    /// @dev The recipient may be a contract that calls back while it receives. The guard refuses a second
    /// withdraw from inside the first (the owner itself may be that contract), and the checks and the event
    /// come before the transfer, with nothing to update after it: one withdrawal moves exactly the balance it
    /// read and logs one Withdrawn. Anything else the recipient calls meanwhile (a paid mint, a gaze) meets
    /// the same state and rules as from anywhere else.
    function withdraw(address payable to) external onlyOwner nonReentrant {
        if (to == address(0)) revert ChainellationInvalidRecipient(to);
        uint256 amount = address(this).balance;
        if (amount == 0) revert ChainellationNothingToWithdraw();
        emit Withdrawn(to, amount);
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert ChainellationWithdrawFailed(to, amount);
    }

    /// @notice Leaves the contract without an owner, for good; refused while it holds proceeds, which nobody could
    /// withdraw afterwards.
    function renounceOwnership() public override onlyOwner {
        uint256 held = address(this).balance;
        if (held != 0) revert ChainellationProceedsHeld(held);
        super.renounceOwnership();
    }

    function setRenderer(ISkyRenderer renderer_) external onlyOwner {
        _checkContract(address(renderer_));
        _renderer = renderer_;
        emit RendererUpdated(address(renderer_));
        _allMetadataUpdated();
        emit ContractURIUpdated();
    }

    function setDecorations(IDecorations decorations_) external onlyOwner {
        if (address(decorations_) != address(0)) _checkContract(address(decorations_));
        _decorations = decorations_;
        emit DecorationsUpdated(address(decorations_));
        _allMetadataUpdated();
    }

    /*                         Decorations                       */

    function notifyMetadataUpdate(uint256 skyId) external {
        if (msg.sender != address(_decorations)) revert ChainellationNotDecorations(msg.sender);
        emit IERC4906.MetadataUpdate(skyId);
    }

    /*                          Internal                         */

    function _afterTokenTransfer(address from, address to, uint256 skyId) internal override {
        if (from != address(0)) _received[to].push(uint32(skyId));
    }

    /// @dev ERC-4906: every sky minted so far, ids 1 to `minted`, may look different now.
    function _allMetadataUpdated() private {
        uint256 minted = _config.minted;
        if (minted != 0) emit IERC4906.BatchMetadataUpdate(1, minted);
    }

    /// @dev A sky's time zone: a whole quarter hour from MIN_TZ_OFFSET to MAX_TZ_OFFSET.
    function _checkTimeZone(int256 tzOffset) private pure {
        if (tzOffset < MIN_TZ_OFFSET || tzOffset > MAX_TZ_OFFSET || tzOffset % 15 minutes != 0) {
            revert ChainellationInvalidTimeZone(tzOffset);
        }
    }

    /// @dev An address the collection calls must hold code: calls to one without would revert every read.
    function _checkContract(address account) private view {
        if (account.code.length == 0) revert ChainellationNotAContract(account);
    }

    /// @dev Seconds since local midnight in `tzOffset`, which must be in range.
    function _localTime(int256 tzOffset) private view returns (uint256) {
        return uint256(int256(block.timestamp) + tzOffset) % 1 days;
    }
}
