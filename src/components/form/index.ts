export { TextField } from './TextField';
export { SubmitButton } from './SubmitButton';
export { FundPasswordField } from './FundPasswordField';
