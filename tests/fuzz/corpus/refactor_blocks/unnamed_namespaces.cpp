namespace cvcuda::priv {
namespace {
int helper(int a)
{
    return a + 1;
}
struct S {
    void m() {}
};
} // namespace
extern "C" {
namespace { inline namespace v1 { static int g() { return 2; } } }
}
}
