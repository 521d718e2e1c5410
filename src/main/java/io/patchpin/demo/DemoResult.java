package io.patchpin.demo;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;

/**
 * How the demo went: every step is a real run whose exit code is known in
 * advance, so an unexpected one is a fault of patchpin itself.
 *
 * @param unexpected steps that gave another exit code than they should
 */
public record DemoResult(int unexpected) implements OperationResult {
    @Override
    public ExitCode exitCode() {
        return unexpected == 0 ? ExitCode.OK : ExitCode.FAULT;
    }
}
