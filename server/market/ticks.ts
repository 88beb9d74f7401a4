// The tick table is shared with the client's order ticket: it lives in the contract.
export * from '../../contract/ticks';
