// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Farcaster ID registry (test stand-in)
/// @notice The read Satchel makes of Farcaster's IdRegistry on Optimism, `custodyOf(uint256)`, with the
/// same signature, and a `register` anyone may call so a test can give an fid its custody address.
/// @dev For tests and the devnet only: no signatures, no recovery address, no transfers.
contract TestIdRegistry {
    /// @notice The custody address of each fid (zero for an fid nobody registered).
    mapping(uint256 => address) public custodyOf;

    /// @notice The fid each custody address holds (zero for none).
    mapping(address => uint256) public idOf;

    event Register(address indexed to, uint256 indexed id);

    function register(uint256 fid, address custody) external {
        require(fid != 0, "fid must not be zero");
        require(custody != address(0), "custody must not be zero");
        require(custodyOf[fid] == address(0), "fid already registered");
        require(idOf[custody] == 0, "custody already holds an fid");
        custodyOf[fid] = custody;
        idOf[custody] = fid;
        emit Register(custody, fid);
    }
}
