/** A backup or restore that cannot go on, with a message for the operator (the scripts exit 1). */
export class BackupError extends Error {}
