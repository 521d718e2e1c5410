# Written for patchpin's tests: the form of a sci-libs/rocBLAS ebuild.
EAPI=8

ROCM_VERSION=${PV}
inherit cmake rocm

DESCRIPTION="AMD's library for BLAS on ROCm"
HOMEPAGE="https://github.com/ROCm/rocBLAS"
SRC_URI="https://github.com/ROCm/rocBLAS/archive/rocm-${PV}.tar.gz -> rocm-${P}.tar.gz"
S="${WORKDIR}/rocBLAS-rocm-${PV}"

LICENSE="MIT"
SLOT="0/$(ver_cut 1-2)"
KEYWORDS="~amd64"

PATCHES=(
	"${FILESDIR}"/${P}-gfx1103.patch
	"${FILESDIR}"/${PN}-${UNKNOWN_VAR}-fix.patch
)

src_prepare() {
	sed -i -e "s/gfx90a;gfx1100/gfx90a;gfx1100;gfx1103/" CMakeLists.txt || die
	sed -i 's/"Tensile" ON/"Tensile" OFF/' cmake/Options.cmake || die
	cmake_src_prepare
}
