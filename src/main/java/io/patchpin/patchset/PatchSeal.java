package io.patchpin.patchset;

import io.patchpin.core.Hashes;
import java.util.List;
import java.util.Optional;

/**
 * Seal of a patch entry: sha256 of the patch file, and per touched file the
 * blob ids before and after at the base (empty for a created or deleted file).
 */
public record PatchSeal(String patch, List<FileSeal> files, String digest) implements Seal {

    /** Blob ids of one touched file at the base; empty where the file does not exist. */
    public record FileSeal(String path, Optional<String> before, Optional<String> after) {
        public FileSeal {
            before.filter(b -> !Hashes.isObjectId(b)).ifPresent(b -> {
                throw new IllegalArgumentException("before is not a blob id: " + b);
            });
            after.filter(a -> !Hashes.isObjectId(a)).ifPresent(a -> {
                throw new IllegalArgumentException("after is not a blob id: " + a);
            });
        }
    }

    public PatchSeal {
        Hashes.requireSha256(patch, "patch");
        Hashes.requireSha256(digest, "digest");
        files = List.copyOf(files);
    }
}
