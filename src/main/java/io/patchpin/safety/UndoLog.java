package io.patchpin.safety;

import java.util.ArrayList;
import java.util.List;

/**
 * Steps done, each with how to take it back. On a failure, {@link #rollback}
 * undoes every step, newest first, even when one of them throws: the
 * original failure stays the one reported, with each undo failure attached
 * to it as suppressed.
 */
public final class UndoLog {
    @FunctionalInterface
    public interface Step {
        void undo() throws Exception;
    }

    private final List<Step> steps = new ArrayList<>();

    public void done(Step undo) {
        steps.add(undo);
    }

    /** Undoes every step, newest first; returns {@code cause}, carrying any undo failure as suppressed. */
    public <T extends Throwable> T rollback(T cause) {
        for (int i = steps.size() - 1; i >= 0; i--) {
            try {
                steps.get(i).undo();
            } catch (Exception e) {
                cause.addSuppressed(e);
            }
        }
        steps.clear();
        return cause;
    }

    /** Forgets the steps: they stay done. */
    public void commit() {
        steps.clear();
    }
}
