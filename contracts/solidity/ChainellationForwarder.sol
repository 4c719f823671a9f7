// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC2771Forwarder} from "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol";

/// @title chainellation's ERC-2771 forwarder
/// @notice OpenZeppelin's `ERC2771Forwarder` as deployed with the game: it executes a request a player signed
/// (EIP-712, domain "chainellation forwarder", version "1") for whoever pays its gas, appending the player's address
/// for the game's contracts, which trust this forwarder and no other, to read as the caller.
contract ChainellationForwarder is ERC2771Forwarder {
    constructor() ERC2771Forwarder("chainellation forwarder") {}
}
