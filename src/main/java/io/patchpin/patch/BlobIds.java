package io.patchpin.patch;

import io.patchpin.core.Hashes;
import io.patchpin.workspace.FileLookup;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Git blob ids computed in memory; nothing is ever inserted into a repository. */
public final class BlobIds {
    private BlobIds() {}

    /** The blob id a found file carries, else the one its content has. */
    static String of(FileLookup.Found f) {
        return f.blobId() != null ? f.blobId() : of(f.content());
    }

    /**
     * The id git gives {@code content} as a blob, by the JDK's SHA-1: JGit's own checks every block for a
     * collision attack, which guards objects received from others, not ids computed here to compare a file
     * with its seal, and took twice the time (a tenth of checking an Electron-sized set).
     */
    public static String of(byte[] content) {
        MessageDigest sha1 = Hashes.digest("SHA-1");
        sha1.update(("blob " + content.length + "\0").getBytes(StandardCharsets.US_ASCII));
        return Hashes.hex(sha1.digest(content));
    }
}
