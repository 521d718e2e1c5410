package io.patchpin.history;

import io.patchpin.core.BadInputException;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Which commits of the line are checked first: all of them, every Nth, or N evenly spaced; the first and the last are
 * always in. Changes between two samples are then found by bisecting.
 *
 * @param every check every Nth commit (0: not this way)
 * @param count check N evenly spaced commits (0: not this way)
 */
public record Sampling(int every, int count) {
    public static final Sampling ALL = new Sampling(0, 0);

    public Sampling {
        if (every < 0 || every > 0 && count > 0) {
            throw new IllegalArgumentException("every " + every + ", count " + count);
        }
    }

    /** {@code --every N}: N must be at least 1. */
    public static Sampling every(int n) {
        if (n < 1) {
            throw new BadInputException("--every", 0, "expected a number of commits of 1 or more, not " + n);
        }
        return new Sampling(n, 0);
    }

    /** {@code --commits N}: N must be at least 2 (the first and the last). */
    public static Sampling commits(int n) {
        if (n < 2) {
            throw new BadInputException("--commits", 0, "expected a number of commits of 2 or more, not " + n);
        }
        return new Sampling(0, n);
    }

    /** The indices to check first on a line of {@code size} commits (index 0 the oldest). */
    public SortedSet<Integer> indices(int size) {
        SortedSet<Integer> out = new TreeSet<>();
        int last = size - 1;
        if (count > 0 && count < size) {
            for (int k = 0; k < count; k++) {
                out.add((int) Math.round((double) k * last / (count - 1)));
            }
        } else {
            for (int i = 0; i < last; i += Math.max(every, 1)) {
                out.add(i);
            }
        }
        out.add(last);
        return out;
    }
}
