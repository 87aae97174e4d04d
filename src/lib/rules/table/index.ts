// The live table: the round's event log (one schema), its reducer and the rules cards.
export * from './trains';
export * from './events';
export * from './state';
export * from './check';
export * from './reducer';
export * from './whatnow';
