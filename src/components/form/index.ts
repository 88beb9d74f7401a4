export { TextField } from './TextField';
export { SubmitButton } from './SubmitButton';
