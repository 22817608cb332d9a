import type { account as vi } from '../vi/account';

export const account: typeof vi = {
  title: 'Account',
  profile: 'Account details',
  balance: 'Balance',
  createdAt: 'Created',
  changePassword: 'Change password',
  changePasswordDialog: {
    title: 'Change password',
    oldPassword: 'Current password',
    newPassword: 'New password',
    passwordConfirm: 'Re-enter the new password',
    submit: 'Update',
    success: 'Successful account update',
  },
  twoFactor: {
    title: 'Two-factor authentication (2FA)',
    description: 'Protect your account with a code from an authenticator app such as Google Authenticator or Authy.',
    statusOn: 'On',
    statusOff: 'Off',
    enable: 'Turn on 2FA',
    disable: 'Turn off 2FA',
    enableTitle: 'Turn on two-factor authentication',
    disableTitle: 'Turn off two-factor authentication',
    passwordPrompt: 'Enter your password to continue.',
    scan: 'Scan the QR code with your authenticator app or enter the secret key, then type the 6-digit code.',
    disablePrompt: 'Enter your password and the 6-digit code from your authenticator app to turn 2FA off.',
    secret: 'Secret key',
    qrAlt: 'QR code to add the account to your authenticator app',
    code: 'Verification code',
    enabled: 'Two-factor authentication is on',
    disabled: 'Two-factor authentication is off',
  },
  transactions: {
    title: 'Transaction history',
    placeholder: 'Your transactions will be listed here soon.',
  },
};
