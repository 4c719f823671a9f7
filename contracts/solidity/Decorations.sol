// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC2771Context} from "@openzeppelin/contracts/metatx/ERC2771Context.sol";
import {IERC721} from "@openzeppelin/contracts/token/ERC721/IERC721.sol";
import {ForwardedOwnable} from "./ForwardedOwnable.sol";
import {IDecoration} from "./interfaces/IDecoration.sol";
import {IDecorations} from "./interfaces/IDecorations.sol";
import {ISkyOwnership} from "./interfaces/ISky.sol";

/// @title chainellation decorations registry
/// @notice Decoration contracts, each bound to one layer of a sky (1 silhouette, 2 sky, 3 object), and the
/// decorations each sky wears. A free decoration is open to every sky; any other is an ERC-721 whose token
/// the sky's owner must hold, both when setting it and for it to show.
/// @dev A sky's three layers share one slot: per layer 16 bits of decoration id (0 = none) and 64 bits of token id.
contract Decorations is IDecorations, ForwardedOwnable {
    uint8 public constant SILHOUETTE = 1;
    uint8 public constant SKY = 2;
    uint8 public constant OBJECT = 3;

    struct Entry {
        IDecoration decoration;
        uint8 layer;
        bool free;
    }

    /// @notice One layer's choice: decoration id 0 clears the layer.
    struct LayerChoice {
        uint8 layer;
        uint16 decorationId;
        uint64 tokenId;
    }

    /// @notice A registered decoration as the front end lists it.
    struct DecorationInfo {
        uint256 id;
        address decoration;
        uint8 layer;
        bool free;
        string name;
    }

    ISkyOwnership public immutable skies;
    Entry[] private _entries;
    mapping(address decoration => uint256 id) private _idOf;
    mapping(uint256 skyId => uint256 packed) private _layers;

    event DecorationRegistered(uint256 indexed decorationId, address indexed decoration, uint8 layer, bool free);
    event LayersUpdated(uint256 indexed skyId, address indexed owner, uint256 packed);

    error DecorationsInvalidLayer(uint256 layer);
    error DecorationsAlreadyRegistered(address decoration, uint256 decorationId);
    error DecorationsUnknownDecoration(uint256 decorationId);
    error DecorationsWrongLayer(uint256 decorationId, uint256 decorationLayer, uint256 layer);
    error DecorationsNonexistentSky(uint256 skyId);
    error DecorationsNotSkyOwner(uint256 skyId, address caller);
    error DecorationsNotDecorationOwner(uint256 decorationId, uint256 tokenId, address caller);
    error DecorationsInvalidToken(uint256 decorationId, uint256 tokenId);
    error DecorationsNotAContract(address decoration);

    /// @param trustedForwarder_ The ERC-2771 forwarder whose calls act for the account that signed them (see
    /// `_msgSender`): a sky's owner sets its layers through it without paying gas.
    constructor(address initialOwner, ISkyOwnership skies_, address trustedForwarder_)
        Ownable(initialOwner)
        ERC2771Context(trustedForwarder_)
    {
        skies = skies_;
    }

    /// @notice Registers `decoration` on `layer`; `free` opens it to every sky without a token.
    /// @dev A registration is for good, so an address without code is refused: every read of the list would
    /// revert on it.
    function register(IDecoration decoration, uint8 layer, bool free) external onlyOwner returns (uint256 id) {
        if (layer < SILHOUETTE || layer > OBJECT) revert DecorationsInvalidLayer(layer);
        if (address(decoration).code.length == 0) revert DecorationsNotAContract(address(decoration));
        uint256 existing = _idOf[address(decoration)];
        if (existing != 0) revert DecorationsAlreadyRegistered(address(decoration), existing);
        _entries.push(Entry(decoration, layer, free));
        id = _entries.length;
        _idOf[address(decoration)] = id;
        emit DecorationRegistered(id, address(decoration), layer, free);
    }

    /// @notice Sets any subset of sky `skyId`'s layers in one call. Sky owner only; and only while this registry
    /// is the one the skies wear, as the collection takes the news of the change (ERC-4906) from that one alone.
    function setLayers(uint256 skyId, LayerChoice[] calldata choices) external {
        address owner;
        try skies.ownerOf(skyId) returns (address holder) {
            owner = holder;
        } catch {
            revert DecorationsNonexistentSky(skyId);
        }
        address player = _msgSender();
        if (owner != player) revert DecorationsNotSkyOwner(skyId, player);
        uint256 packed = _layers[skyId];
        for (uint256 i; i < choices.length; ++i) {
            LayerChoice calldata choice = choices[i];
            if (choice.layer < SILHOUETTE || choice.layer > OBJECT) revert DecorationsInvalidLayer(choice.layer);
            uint256 tokenId = choice.tokenId;
            if (choice.decorationId != 0) {
                Entry memory entry = _entry(choice.decorationId);
                if (entry.layer != choice.layer) {
                    revert DecorationsWrongLayer(choice.decorationId, entry.layer, choice.layer);
                }
                if (entry.free) {
                    if (tokenId != 0) revert DecorationsInvalidToken(choice.decorationId, tokenId);
                } else if (!_holds(address(entry.decoration), tokenId, player)) {
                    revert DecorationsNotDecorationOwner(choice.decorationId, tokenId, player);
                }
            } else if (tokenId != 0) {
                revert DecorationsInvalidToken(0, tokenId);
            }
            uint256 shift = (choice.layer - 1) * 80;
            packed = packed & ~(uint256(type(uint80).max) << shift) | (uint256(choice.decorationId) | tokenId << 16) << shift;
        }
        _layers[skyId] = packed;
        emit LayersUpdated(skyId, player, packed);
        // The sky's art changed: marketplaces read ERC-4906's events from the token's contract, so it emits them.
        skies.notifyMetadataUpdate(skyId);
    }

    /// @notice The choice stored for each layer of sky `skyId` (silhouette, sky, object).
    function layersOf(uint256 skyId) public view returns (LayerChoice[3] memory choices) {
        uint256 packed = _layers[skyId];
        for (uint256 i; i < 3; ++i) {
            uint256 layer = packed >> (i * 80);
            choices[i] = LayerChoice(uint8(i + 1), uint16(layer), uint64(layer >> 16));
        }
    }

    /// @inheritdoc IDecorations
    /// @dev A token decoration shows only while the sky's owner still holds the token; a decoration that
    /// reverts shows nothing rather than breaking the sky.
    function layerSVGs(uint256 skyId) external view returns (string[3] memory svgs) {
        uint256 packed = _layers[skyId];
        if (packed == 0) return svgs;
        address owner = skies.ownerOf(skyId);
        for (uint256 i; i < 3; ++i) {
            uint256 id = uint16(packed >> (i * 80));
            if (id == 0) continue;
            uint256 tokenId = uint64(packed >> (i * 80 + 16));
            Entry memory entry = _entries[id - 1];
            if (!entry.free && !_holds(address(entry.decoration), tokenId, owner)) continue;
            try entry.decoration.decorationSVG(tokenId) returns (string memory art) {
                svgs[i] = art;
            } catch {}
        }
    }

    /// @notice Number of registered decorations; ids run from 1 to this.
    function decorationCount() external view returns (uint256) {
        return _entries.length;
    }

    /// @notice Every registered decoration with its name.
    function allDecorations() external view returns (DecorationInfo[] memory list) {
        list = new DecorationInfo[](_entries.length);
        for (uint256 i; i < list.length; ++i) {
            Entry memory entry = _entries[i];
            string memory name;
            try entry.decoration.decorationName() returns (string memory n) {
                name = n;
            } catch {}
            list[i] = DecorationInfo(i + 1, address(entry.decoration), entry.layer, entry.free, name);
        }
    }

    /// @notice Registered decoration `decorationId`.
    function decorationOf(uint256 decorationId) external view returns (Entry memory) {
        return _entry(decorationId);
    }

    /// @notice Id of the registered `decoration`, 0 if unregistered.
    function idOf(address decoration) external view returns (uint256) {
        return _idOf[decoration];
    }

    function _entry(uint256 decorationId) private view returns (Entry memory) {
        if (decorationId == 0 || decorationId > _entries.length) revert DecorationsUnknownDecoration(decorationId);
        return _entries[decorationId - 1];
    }

    function _holds(address token, uint256 tokenId, address owner) private view returns (bool) {
        try IERC721(token).ownerOf(tokenId) returns (address holder) {
            return holder == owner;
        } catch {
            return false;
        }
    }
}
