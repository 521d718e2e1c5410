package io.patchpin.apply;

import io.patchpin.safety.Writes;

/**
 * How apply and revert change one file, and announce their other steps (the
 * journal, commits, HEAD moves); a seam so tests can make a write fail, or
 * stop the process, midway.
 */
@FunctionalInterface
public interface WorkTreeWriter extends Writes {
    WorkTreeWriter ATOMIC = Writes::atomic;
}
