package io.patchpin.recipe;

import java.util.ArrayList;
import java.util.List;

/** Electron's {@code .patches}: the patch files of its folder, one name a line, in the order they apply (-p1). */
final class ElectronRecipe {
    private ElectronRecipe() {}

    static List<Step> read(RecipeText t) {
        List<Step> out = new ArrayList<>();
        for (int i = 0; i < t.lines.size(); i++) {
            String s = t.lines.get(i).strip();
            if (!s.isEmpty() && !s.startsWith("#")) {
                out.add(t.patch(i + 1, s, s, new Vars(), 1));
            }
        }
        return out;
    }
}
