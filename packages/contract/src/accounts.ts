// Accounts contract: registration, login, tokens, profile, users. Filled in by the accounts issue.
export {};
