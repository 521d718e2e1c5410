package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Submodule names come from upstream's .gitmodules: export must not use them to write outside OUT. */
class ExportNamesTest {
    @TempDir
    Path tmp;

    @Test
    void aDotDotSubmoduleNameWritesNothingAnywhere() {
        Repo sub = Repo.init(tmp.resolve("up/sub")).write("f.txt", "alpha\n");
        sub.commit("sub");
        Repo top = Repo.init(tmp.resolve("up/top")).write("README", "top\n");
        top.addSubmodule("sub", sub);
        top.git("config", "-f", ".gitmodules", "--rename-section", "submodule.sub", "submodule.../x");
        top.commit("top with a hostile submodule name");
        top.git("submodule", "absorbgitdirs");
        Path ps = tmp.resolve("ps");
        Cli.ok("new", ps, "--repo", top.dir());
        Entries.rewrite(ps, top.dir(), "f.txt", "alpha", "beta", "--id", "one", "--component", "sub");

        Path out = tmp.resolve("out/deep");
        Cli.Run export = Cli.run("export", ps, "--repo", top.dir(), "--format", "therock", "-o", out);
        assertThat(export.exit()).as(export.err()).isEqualTo(2);
        assertThat(export.err()).contains("../x").contains(".gitmodules");
        assertThat(tmp.resolve("out")).doesNotExist();
        assertThat(Files.exists(tmp.resolve("x"))).isFalse();
    }
}
