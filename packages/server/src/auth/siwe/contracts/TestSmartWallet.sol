// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// A minimal smart-contract wallet for tests of Sign-In with Ethereum: one owner key, and a signature
/// is valid (EIP-1271) when that key made it over the hash the wallet is asked about.
contract TestSmartWallet {
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : bytes4(0xffffffff);
    }
}

/// Deploys TestSmartWallet with CREATE2, so a wallet's address is known before it exists: the
/// factory an EIP-6492 signature of a not-yet-deployed wallet names.
contract TestSmartWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new TestSmartWallet{salt: salt}(owner));
    }
}
