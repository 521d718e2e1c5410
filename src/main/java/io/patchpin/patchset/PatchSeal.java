package io.patchpin.patchset;

import io.patchpin.core.Hashes;
import java.util.List;

/**
 * Seal of a patch entry: sha256 of the patch file, and per touched file the
 * blob ids before and after at the base (null for a created or deleted file).
 */
public record PatchSeal(String patch, List<FileSeal> files, String digest) implements Seal {

    /** Blob ids of one touched file at the base; null where the file does not exist. */
    public record FileSeal(String path, String before, String after) {
        public FileSeal {
            if (before != null && !Hashes.isObjectId(before)) {
                throw new IllegalArgumentException("before is not a blob id: " + before);
            }
            if (after != null && !Hashes.isObjectId(after)) {
                throw new IllegalArgumentException("after is not a blob id: " + after);
            }
        }
    }

    public PatchSeal {
        Hashes.requireSha256(patch, "patch");
        Hashes.requireSha256(digest, "digest");
        files = List.copyOf(files);
    }
}
