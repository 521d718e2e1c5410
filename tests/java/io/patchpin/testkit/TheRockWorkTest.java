package io.patchpin.testkit;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test over its own TheRock-shaped fixture ({@link TheRockFixture}) and a recursive clone of it as the work
 * tree, made before each test, in the test's temp folder.
 */
public abstract class TheRockWorkTest {
    @TempDir
    protected Path tmp;

    protected TheRockFixture fx;
    protected Repo work;

    @BeforeEach
    final void cloneTheRock() {
        fx = TheRockFixture.create(tmp);
        work = fx.cloneWorkTree("work");
    }

    /** A new patchset at {@code tmp/relative} whose base is the work tree's superproject. */
    protected Path newSet(String relative) {
        Path set = tmp.resolve(relative);
        Cli.ok("new", set, "--repo", work.dir());
        return set;
    }
}
