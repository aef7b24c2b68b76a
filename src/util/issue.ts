/** Records a check failure on a property path (`["records", 0]` shows as `records[0]`). */
export type IssueSink = (path: string | readonly (string | number)[], reason: string) => void;
