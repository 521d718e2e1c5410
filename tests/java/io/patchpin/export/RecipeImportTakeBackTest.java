package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A recipe whose sed cannot be sealed: the patches imported before it are taken back, the patchset as it was. */
class RecipeImportTakeBackTest {
    @TempDir
    Path dir;

    @Test
    void patchesAreTakenBackWhenASedOfTheRecipeCannotBeSealed() throws IOException {
        RecipeRoundTripTest.build(dir); // the same monorepo fixture as the round trip
        Repo work = RecipeRoundTripTest.clone(dir, "work");
        Path recipes = dir.resolve("recipe");
        Files.createDirectories(recipes);
        Path resources = Path.of("tests/resources/recipes/spec").toAbsolutePath();
        Files.copy(
                resources.resolve("0001-add-gfx1103-support-for-rocBLAS.patch"),
                recipes.resolve("0001-add-gfx1103-support-for-rocBLAS.patch"));
        Path spec = recipes.resolve("rocblas.spec");
        Files.writeString(
                spec,
                "Name: rocblas\nVersion: 6.4.0\nPatch0: 0001-add-gfx1103-support-for-rocBLAS.patch\n%prep\n"
                        + "%autosetup -p1\nsed -i -e 's/no such text anywhere/x/' CMakeLists.txt\n",
                StandardCharsets.UTF_8);
        Path set = dir.resolve("sets/spec");
        Cli.Run in = Cli.run(
                "import",
                set,
                "--repo",
                work.dir(),
                "--from",
                spec,
                "--component",
                RecipeRoundTripTest.LIBS,
                "--directory",
                RecipeRoundTripTest.ROCBLAS);
        assertThat(in.exit()).as(in.err() + in.out()).isEqualTo(2);
        try (Stream<Path> left = Files.exists(set) ? Files.list(set) : Stream.empty()) {
            assertThat(left.map(p -> p.getFileName().toString()).toList())
                    .as(in.err())
                    .isEmpty();
        }
    }
}
