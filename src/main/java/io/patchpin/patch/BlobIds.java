package io.patchpin.patch;

import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectInserter;

/** Git blob ids computed in memory; nothing is ever inserted into a repository. */
public final class BlobIds {
    private BlobIds() {}

    public static String of(byte[] content) {
        try (ObjectInserter.Formatter f = new ObjectInserter.Formatter()) {
            return f.idFor(Constants.OBJ_BLOB, content).name();
        }
    }
}
