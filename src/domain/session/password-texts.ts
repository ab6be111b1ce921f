/** The password forms' texts (self-hosted installs: Bullpen's own accounts). */
export const PASSWORD_TEXTS = {
  signIn: 'Sign in',
  signUp: 'Create account',
  login: 'Username or e-mail',
  password: 'Password',
  username: 'Username',
  email: 'E-mail',
  newPassword: 'Password',
  minLength: 10,
  passwordRule: 'At least 10 characters.',
  toSignUp: 'Create an account',
  toSignIn: 'I have an account',
  or: 'or',
} as const;
