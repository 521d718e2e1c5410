package io.patchpin.apply;

import io.patchpin.verify.BaseSources;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Overlay;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileLookup;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Tells the entries' edits from a user's own. The entries are run over each file as committed in its component (the
 * checked-out HEAD); that gives the states the file can be in when only the entries touched it: committed, then after
 * each entry that changed it. A work-tree file in none of those states holds an edit no entry explains, and apply and
 * revert leave it alone.
 */
final class Explained {
    private final List<LoadedPatchset> sets;
    private final CommittedFileSource committed;
    private Overlay chain;

    Explained(List<LoadedPatchset> sets, CommittedFileSource committed) {
        this.sets = sets;
        this.committed = committed;
    }

    /** Why the work-tree content of {@code key} is not explained, or empty when it is. */
    Optional<String> problem(FileKey key, FileLookup workTree) {
        byte[] now = workTree instanceof FileLookup.Found f ? f.content() : null;
        // a file as committed is explained without running the entries over the committed files: on a clean tree (the
        // usual case) that costs a read of each file to write, not a second check of every entry
        if (chain == null
                && now != null
                && committed.read(key.component(), key.file()) instanceof FileLookup.Found c
                && Arrays.equals(c.content(), now)) {
            return Optional.empty();
        }
        List<byte[]> states = chain().history(key);
        if (states.isEmpty()) {
            return Optional.of(key + ": not in the checked-out commit of " + key.component()
                    + ", so its edits cannot be told from the entries'");
        }
        if (states.stream().anyMatch(s -> Arrays.equals(s, now))) {
            return Optional.empty();
        }
        return Optional.of(key + ": has edits no entry explains (it is neither as committed nor as the entries"
                + " leave it); commit or stash them first");
    }

    /** The states each file can be in when only the entries touched it, computed once and only when needed. */
    private Overlay chain() {
        if (chain == null) {
            chain = new Verifier().check(sets, committed, BaseSources.NONE).overlay();
        }
        return chain;
    }

    /** The file as committed (null when it is not). */
    byte[] committed(FileKey key) {
        List<byte[]> states = chain().history(key);
        return states.isEmpty() ? null : states.get(0);
    }
}
