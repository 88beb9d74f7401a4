import { TextField } from './TextField';

/**
 * The six-digit fund password asked before money or a payout destination moves, as every form
 * asks it: a numeric keypad, masked, offered by the password manager. Its Formik field is
 * `fundPassword`.
 */
export function FundPasswordField() {
  return (
    <TextField
      name="fundPassword"
      type="password"
      inputMode="numeric"
      maxLength={6}
      autoComplete="current-password"
    />
  );
}
