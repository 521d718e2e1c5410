package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same revision locked from a bare mirror, a full clone, a shallow clone
 * and a clone whose origin is a local path gives byte-identical locks: URLs
 * come from the pins file or .gitmodules, never from a local-path origin.
 */
class CloneIndependentLockTest {
    @TempDir
    Path tmp;

    @Test
    void everyKindOfCloneLocksTheSameBytes() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        String mirror = fx.mirror().toString();
        Path bare = fx.bareSuperproject("bare.git");
        Path full = fx.cloneWorkTree("full").dir();
        Path shallow = tmp.resolve("shallow");
        Git.run(tmp, "clone", "-q", "--depth", "1", fx.therock.url(), shallow.toString());
        Path local = tmp.resolve("local");
        Git.run(tmp, "clone", "-q", fx.therock.dir().toString(), local.toString());
        Path pins = tmp.resolve("pins/p.toml");
        Files.createDirectories(pins.getParent());
        Files.writeString(
                pins,
                "format = 1\n\n[[root]]\nname = \"TheRock\"\nurl = \"https://github.com/ROCm/TheRock.git\"\n"
                        + "ref = \"main\"\n",
                StandardCharsets.UTF_8);
        String rev = fx.therock.head();

        List<String> withPins = new ArrayList<>();
        List<String> without = new ArrayList<>();
        for (Path repo : List.of(bare, full, shallow, local)) {
            Cli.Run p = Cli.ok("lock", "--repo", repo, "--mirror-dir", mirror, "--pins", pins, "--rev", rev);
            withPins.add(p.out());
            Cli.Run n = Cli.ok("lock", "--repo", repo, "--mirror-dir", mirror, "--rev", rev);
            without.add(n.out());
        }

        assertThat(withPins).allMatch(withPins.get(0)::equals);
        assertThat(withPins.get(0))
                .contains("url = \"https://github.com/ROCm/TheRock.git\"")
                .contains("ref = \"" + rev + "\"");
        assertThat(without.get(3)).doesNotContain(fx.therock.dir().toString());
        assertThat(without.subList(0, 3)).allMatch(without.get(0)::equals);
    }
}
