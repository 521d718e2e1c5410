package io.patchpin.core;

/**
 * What an operation hands back: besides its data, the exit code a command
 * running it ends with (DESIGN: exit codes). The operation decides it from its
 * own data; commands only return it.
 */
public interface OperationResult {
    ExitCode exitCode();
}
