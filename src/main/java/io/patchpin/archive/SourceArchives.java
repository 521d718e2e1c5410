package io.patchpin.archive;

import io.patchpin.core.Hashes;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * The checksums distributions record for a commit's source, computed from the object database: Nix's SRI sha256 of the
 * tree's NAR, and the sha256 of {@code git archive --format tar <commit>} as makepkg computes it. Nothing is checked
 * out, nothing written to any repository.
 */
public final class SourceArchives {
    private SourceArchives() {}

    /**
     * {@code sha256-<base64>} of the NAR of {@code commit}'s tree as a fetcher that follows {@code mode} unpacks it,
     * submodules inserted by {@code submodules}.
     */
    public static String narHash(Repository repo, ObjectId commit, ArchiveMode mode, Submodules submodules)
            throws Refusal {
        return "sha256-"
                + Base64.getEncoder().encodeToString(sha256(out -> writeNar(repo, commit, mode, submodules, out)));
    }

    /** Writes the NAR itself (tests and debugging). */
    public static void writeNar(
            Repository repo, ObjectId commit, ArchiveMode mode, Submodules submodules, OutputStream out)
            throws Refusal {
        try {
            ObjectId tree =
                    SourceWalker.commit(repo, commit, "the commit to hash").getTree();
            NarWriter nar = new NarWriter(out);
            nar.begin();
            new SourceWalker(mode, SourceWalker.Order.NAME, submodules, nar).walk(repo, tree, new byte[0]);
            nar.end();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read objects of " + repo.getDirectory(), e);
        }
    }

    /**
     * Hex sha256 of {@code git -c core.abbrev=no archive --format tar <commit>} with export-subst and export-ignore
     * switched off, as makepkg sums a git source.
     */
    public static String tarSha256(Repository repo, ObjectId commit) throws Refusal {
        return HexFormat.of().formatHex(sha256(out -> writeTar(repo, commit, ArchiveMode.ARCHIVE, out)));
    }

    /** The tar stream {@code git archive} writes when {@code mode}'s attributes apply. */
    static void writeTar(Repository repo, ObjectId commit, ArchiveMode mode, OutputStream out) throws Refusal {
        try {
            RevCommit c = SourceWalker.commit(repo, commit, "the commit to archive");
            GitTarWriter tar = new GitTarWriter(out, Integer.toUnsignedLong(c.getCommitTime()));
            tar.begin(commit);
            new SourceWalker(mode, SourceWalker.Order.GIT, Submodules.NONE, tar).walk(repo, c.getTree(), new byte[0]);
            tar.end();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read objects of " + repo.getDirectory(), e);
        }
    }

    /** A stream written to. */
    private interface Stream {
        void writeTo(OutputStream out) throws Refusal;
    }

    /** The sha256 of what {@code stream} writes, handed to the digest in 64 KiB blocks. */
    private static byte[] sha256(Stream stream) throws Refusal {
        MessageDigest md = Hashes.digest("SHA-256");
        try (OutputStream out =
                new BufferedOutputStream(new DigestOutputStream(OutputStream.nullOutputStream(), md), 1 << 16)) {
            stream.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot hash a source archive", e);
        }
        return md.digest();
    }
}
