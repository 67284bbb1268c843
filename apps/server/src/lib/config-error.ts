// A setting the server cannot start with (a malformed number, a key of the wrong length, a
// production deployment without its credentials key). Thrown while the configuration is read,
// before anything listens: the operator fixes the environment, so the error says what the
// setting must be. It has a class of its own because it is neither an invariant of the code
// (assert) nor a refusal a caller can cause (a named error of the contract).
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
