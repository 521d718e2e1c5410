package io.patchpin.lock;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import io.patchpin.core.RelativePath;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A patchset named by the pins file, as locked.
 *
 * <p>The digest is sha256 over {@code patchset.toml} and then every patch file its entries name (sorted by path, each
 * once), each fed as {@code <path> NUL <byte length> NUL <bytes>} with paths relative to the patchset folder. Any edit,
 * added or removed patch changes it; files the entries do not name (notes, READMEs) do not.
 *
 * @param base the commit the patchset is sealed against, empty when its base is unknown
 */
public record PatchsetDigest(String name, Optional<String> base, String digest) {
    public PatchsetDigest {
        Objects.requireNonNull(base, "base");
    }

    public static PatchsetDigest of(String name, Path folder) {
        return of(name, folder, PatchsetStore.read(folder), relative -> read(folder.resolve(relative)));
    }

    /**
     * The digest of {@code patchset} as it will be once written: {@code files} gives the bytes of each of its files
     * (patchset.toml, patch files) by path in {@code folder}.
     */
    public static PatchsetDigest of(String name, Path folder, Patchset patchset, Function<String, byte[]> files) {
        SortedSet<String> patches = new TreeSet<>();
        for (Entry e : patchset.entries()) {
            e.patchFile()
                    .ifPresent(p -> patches.add(
                            RelativePath.check(PatchsetStore.tomlOf(folder).toString(), 0, p)));
        }
        MessageDigest sha = Hashes.digest("SHA-256");
        feed(sha, PatchsetStore.FILE, files.apply(PatchsetStore.FILE));
        for (String p : patches) {
            feed(sha, p, files.apply(p));
        }
        return new PatchsetDigest(name, patchset.base(), Hashes.hex(sha.digest()));
    }

    private static void feed(MessageDigest sha, String relative, byte[] bytes) {
        sha.update(relative.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(Integer.toString(bytes.length).getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(bytes);
    }

    /** A file of the set as it is on disk. */
    public static byte[] read(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadInputException(file.toString(), 0, "patch file named by the patchset is missing");
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot read: " + e.getMessage(), e);
        }
    }
}
