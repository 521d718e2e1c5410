package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.LLVM;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.workspace.RepositoryLocator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A mirror made with {@code git clone --mirror --filter=blob:none} holds the
 * commits but not the blobs: sync from it fails with one line naming the
 * missing object and the mirror, and no JGit stack trace reaches the user.
 */
@Isolated // it watches the JVM's standard error, which any other test may write to
class PartialMirrorSyncTest {
    @TempDir
    Path tmp;

    @Test
    void aPartialCloneMirrorGivesOneLineNamingTheMissingObject() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path work = fx.cloneWorkTree("work").dir(); // before the mirror changes LLVM's config: a copy, not a clone
        Path mirror = tmp.resolve("mirror");
        Path llvmMirror = partialMirrorOfLlvm(fx, mirror);
        Path lock = tmp.resolve("l.lock.toml");
        Cli.ok("lock", "--repo", work, "-o", lock);
        Git.run(tmp, "clone", "-q", fx.therock.url(), "fresh");
        // the lock's file:// URLs may be fetched from only where git config allows it, as for git submodules
        Repo.at(tmp.resolve("fresh")).config("protocol.file.allow", "always");

        PrintStream err = System.err;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Cli.Run sync;
        try {
            System.setErr(new PrintStream(console, true, StandardCharsets.UTF_8));
            sync = Cli.run("sync", "--repo", tmp.resolve("fresh"), "--mirror-dir", mirror, lock);
        } finally {
            System.setErr(err);
        }

        assertThat(sync.exit()).as(sync.err()).isEqualTo(1);
        assertThat(console.toString(StandardCharsets.UTF_8))
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        assertThat(sync.err())
                .doesNotContain("\tat ")
                .contains(LLVM + ": cannot clone " + llvmMirror)
                .containsPattern("object [0-9a-f]{40} is missing from " + Pattern.quote(llvmMirror.toString()))
                .contains("every component put back");
    }

    @Test
    void verifyFromAPartialCloneMirrorNamesTheMissingBlobAndTheMirror() {
        TheRockFixture fx = TheRockFixture.create(tmp);
        // the clones before the mirror changes LLVM's config: copies, not clones
        String work = fx.cloneWorkTree("work").dir().toString();
        Path bare = fx.bareSuperproject("bare.git");
        Path mirror = tmp.resolve("mirror");
        Path llvmMirror = partialMirrorOfLlvm(fx, mirror);
        Path set = tmp.resolve("patchsets/mine");
        Cli.ok("new", set, "--repo", work);
        Entries.llvmJobs(set, work);

        Cli.Run r = Cli.run("verify", set, "--repo", bare, "--mirror-dir", mirror, "--rev", "HEAD");

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.out())
                .contains("OBJECTS_MISSING")
                .containsPattern("object [0-9a-f]{40} of commit [0-9a-f]{12} of " + LLVM + " is missing from "
                        + Pattern.quote(llvmMirror.toString()));
        assertThat(r.err()).doesNotContain("\tat ");
    }

    /** A blob-less partial clone of the fixture's LLVM in {@code mirror}, where a mirror folder keeps it. */
    private Path partialMirrorOfLlvm(TheRockFixture fx, Path mirror) {
        fx.llvm.config("uploadpack.allowFilter", "true");
        Path llvmMirror = mirror.resolve(
                RepositoryLocator.mirrorRelativePath(fx.llvm.url()).orElseThrow());
        Git.run(tmp, "clone", "-q", "--mirror", "--filter=blob:none", fx.llvm.url(), llvmMirror.toString());
        return llvmMirror;
    }
}
