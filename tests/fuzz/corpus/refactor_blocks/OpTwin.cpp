#include "Operators.hpp"

namespace cvcudapy {

namespace {

Tensor TwinInto(Tensor &output, Tensor &input, double value, std::optional<Stream> pstream)
{
    if (!pstream)
        pstream = Stream::Current();
    auto op = CreateOperator<cvcuda::Twin>();
    ResourceGuard guard(*pstream);
    guard.add(LockMode::LOCK_MODE_READ, {input});
    guard.add(LockMode::LOCK_MODE_WRITE, {output});
    op->submit(pstream->cudaHandle(), input, output, value);
    return output;
}

ImageBatchVarShape TwinVarShapeInto(ImageBatchVarShape &output, ImageBatchVarShape &input, double value,
                                    std::optional<Stream> pstream)
{
    if (!pstream)
        pstream = Stream::Current();
    auto op = CreateOperator<cvcuda::Twin>();
    ResourceGuard guard(*pstream);
    guard.add(LockMode::LOCK_MODE_READ, {input});
    guard.add(LockMode::LOCK_MODE_WRITE, {output});
    op->submit(pstream->cudaHandle(), input, output, value);
    return output;
}

} // namespace

void ExportOpTwin(py::module &m)
{
    m.def("twin_into", &TwinInto);
    m.def("twin_varshape_into", &TwinVarShapeInto);
} // namespace cvcudapy
