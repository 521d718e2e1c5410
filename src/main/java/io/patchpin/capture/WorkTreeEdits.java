package io.patchpin.capture;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.gitstatus.WorkTreeStatus;
import io.patchpin.workspace.Component;
import java.nio.file.Path;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The paths of one component's work tree that differ from its checked-out
 * commit: modified, added, deleted, and untracked files that no
 * {@code .gitignore} hides. Submodule gitlinks are left out. Reads only
 * (JGit's status compares index stat data before hashing anything).
 */
final class WorkTreeEdits {
    private WorkTreeEdits() {}

    /** Changed paths relative to the component, sorted; bad input when it is not at its pinned commit. */
    static SortedSet<String> of(Component c, Path dir) {
        WorkTreeStatus status = WorkTreeStatus.of(dir);
        SortedSet<String> out = new TreeSet<>(status.changed());
        if (!out.isEmpty() && !status.head().equals(c.commit())) {
            throw new BadInputException(
                    dir.toString(),
                    0,
                    "component " + c.path() + " is checked out at "
                            + Hashes.abbrev(status.head()) + ", not at " + Hashes.abbrev(c.commit())
                            + " as the patchset's base pins it; sync it first");
        }
        return out;
    }
}
