package io.patchpin.workspace;

import io.patchpin.core.OutOfMemoryReading;
import io.patchpin.core.ReadLimit;
import java.io.IOException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;

/** Blobs read whole into memory, each checked against {@link ReadLimit} by its size before it is loaded. */
public final class Blobs {
    private Blobs() {}

    /**
     * The bytes of blob {@code id}.
     *
     * @param name  the file as the user knows it (component and path), for the refusal
     * @param where where it was read, e.g. "at revision 0123456789ab"
     */
    public static byte[] read(ReadLimit limit, ObjectReader reader, ObjectId id, String name, String where)
            throws IOException {
        limit.check(name, where, reader.getObjectSize(id, Constants.OBJ_BLOB));
        try {
            return reader.open(id, Constants.OBJ_BLOB).getCachedBytes(Integer.MAX_VALUE);
        } catch (OutOfMemoryError e) {
            throw new OutOfMemoryReading(name, e);
        }
    }
}
