// The account feature's public entry: what other features may use (the platform settings page and the user
// list). Everything else in this folder is internal to the account flows.
export { AccountSettingsCard } from './settings/account-settings-card';
export { UserThirdAccountsModal } from './third-login/user-third-accounts-modal';
