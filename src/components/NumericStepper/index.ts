export { NumericStepper } from './NumericStepper';
export type { NumericStepperProps } from './NumericStepper';
