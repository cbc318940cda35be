// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title USD Coin (Satchel devnet)
/// @notice A USDC-like ERC-20 for the local chains only: 6 decimals like USDC, and the deployer can
/// mint so the devnet's treasury can be filled. Revert reasons are plain strings worded like Circle's
/// FiatToken, so a wallet shows the same words on the devnet as on a real chain.
/// @dev Written for the devnet, not for value: no pausing, blacklist or minter roles.
contract SatchelUSD {
    string public constant name = "USD Coin (Satchel devnet)";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;

    /// @notice The deployer, the only account that may mint.
    address public immutable owner;

    uint256 public totalSupply;
    // Private with explicit getters below, so the ABI names their parameters and decoders can show
    // them (`owner_` because `owner` is taken by the state variable, and solc warns on shadowing).
    mapping(address => uint256) private _balances;
    mapping(address => mapping(address => uint256)) private _allowances;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        owner = msg.sender;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function allowance(address owner_, address spender) external view returns (uint256) {
        return _allowances[owner_][spender];
    }

    /// @notice Creates `amount` new tokens for `to`. Only the owner may call it.
    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "SatchelUSD: caller is not the owner");
        require(to != address(0), "ERC20: mint to the zero address");
        totalSupply += amount;
        // Cannot overflow: no balance exceeds totalSupply, which the checked addition above bounds.
        unchecked {
            _balances[to] += amount;
        }
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        require(spender != address(0), "ERC20: approve to the zero address");
        _allowances[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @dev Like USDC, every allowance is spent, including the maximum one: there is no "infinite"
    /// approval that never decreases.
    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = _allowances[from][msg.sender];
        require(value <= allowed, "ERC20: transfer amount exceeds allowance");
        unchecked {
            _allowances[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 fromBalance = _balances[from];
        require(value <= fromBalance, "ERC20: transfer amount exceeds balance");
        unchecked {
            _balances[from] = fromBalance - value;
            // Cannot overflow: the sum of all balances is totalSupply.
            _balances[to] += value;
        }
        emit Transfer(from, to, value);
    }
}
