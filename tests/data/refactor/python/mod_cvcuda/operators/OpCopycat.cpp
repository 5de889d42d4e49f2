#include "Operators.hpp"

namespace cvcudapy {

namespace {

Tensor Copycat(Tensor &input, std::optional<Stream> pstream)
{
    Tensor output = Tensor::Create(input.shape(), input.dtype());
    return CopycatInto(output, input, pstream);
}

} // namespace

void ExportOpCopycat(py::module &m)
{
    m.def("copycat", &Copycat);
}

} // namespace cvcudapy
