package io.patchpin.safety;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.util.List;

/**
 * What {@code recover} did: one line per interrupted write finished or rolled back, none when
 * there was nothing to do. Recovering is never a failure of the command: exit 0 either way
 * (a journal that cannot be replayed fails earlier, as bad input or an internal fault).
 */
public record Recovered(List<String> said) implements OperationResult {
    public Recovered {
        said = List.copyOf(said);
    }

    @Override
    public ExitCode exitCode() {
        return ExitCode.OK;
    }
}
