"builtin.module"() <{sym_name = "jit_scan_layers"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<2x256xf32>, tensor<2x64x256xf32>, tensor<2x256x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg10: tensor<2x256xf32>, %arg11: tensor<2x64x256xf32>, %arg12: tensor<2x256x64xf32>, %arg13: tensor<8x64xf32>):
    %34 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %35:5 = "stablehlo.while"(%arg11, %arg10, %arg12, %34, %arg13) ({
    ^bb0(%arg19: tensor<2x64x256xf32>, %arg20: tensor<2x256xf32>, %arg21: tensor<2x256x64xf32>, %arg22: tensor<i32>, %arg23: tensor<8x64xf32>):
      %42 = "stablehlo.constant"() <{value = dense<2> : tensor<i32>}> : () -> tensor<i32>
      %43 = "stablehlo.compare"(%arg22, %42) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%43) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg14: tensor<2x64x256xf32>, %arg15: tensor<2x256xf32>, %arg16: tensor<2x256x64xf32>, %arg17: tensor<i32>, %arg18: tensor<8x64xf32>):
      %36 = "func.call"(%arg14, %arg17) <{callee = @dynamic_index_in_dim}> : (tensor<2x64x256xf32>, tensor<i32>) -> tensor<64x256xf32>
      %37 = "func.call"(%arg15, %arg17) <{callee = @dynamic_index_in_dim_0}> : (tensor<2x256xf32>, tensor<i32>) -> tensor<256xf32>
      %38 = "func.call"(%arg16, %arg17) <{callee = @dynamic_index_in_dim_1}> : (tensor<2x256x64xf32>, tensor<i32>) -> tensor<256x64xf32>
      %39 = "func.call"(%arg18, %36, %37, %38) <{callee = @closed_call}> : (tensor<8x64xf32>, tensor<64x256xf32>, tensor<256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
      %40 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %41 = "stablehlo.add"(%arg17, %40) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%arg14, %arg15, %arg16, %41, %39) : (tensor<2x64x256xf32>, tensor<2x256xf32>, tensor<2x256x64xf32>, tensor<i32>, tensor<8x64xf32>) -> ()
    }) : (tensor<2x64x256xf32>, tensor<2x256xf32>, tensor<2x256x64xf32>, tensor<i32>, tensor<8x64xf32>) -> (tensor<2x64x256xf32>, tensor<2x256xf32>, tensor<2x256x64xf32>, tensor<i32>, tensor<8x64xf32>)
    "func.return"(%35#4) : (tensor<8x64xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x64x256xf32>, tensor<i32>) -> tensor<64x256xf32>, res_attrs = [{}], sym_name = "dynamic_index_in_dim", sym_visibility = "private"}> ({
  ^bb0(%arg8: tensor<2x64x256xf32>, %arg9: tensor<i32>):
    %30 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %31 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %32 = "stablehlo.dynamic_slice"(%arg8, %arg9, %30, %31) <{slice_sizes = array<i64: 1, 64, 256>}> : (tensor<2x64x256xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x64x256xf32>
    %33 = "stablehlo.reshape"(%32) : (tensor<1x64x256xf32>) -> tensor<64x256xf32>
    "func.return"(%33) : (tensor<64x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x256xf32>, tensor<i32>) -> tensor<256xf32>, res_attrs = [{}], sym_name = "dynamic_index_in_dim_0", sym_visibility = "private"}> ({
  ^bb0(%arg6: tensor<2x256xf32>, %arg7: tensor<i32>):
    %27 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %28 = "stablehlo.dynamic_slice"(%arg6, %arg7, %27) <{slice_sizes = array<i64: 1, 256>}> : (tensor<2x256xf32>, tensor<i32>, tensor<i32>) -> tensor<1x256xf32>
    %29 = "stablehlo.reshape"(%28) : (tensor<1x256xf32>) -> tensor<256xf32>
    "func.return"(%29) : (tensor<256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x256x64xf32>, tensor<i32>) -> tensor<256x64xf32>, res_attrs = [{}], sym_name = "dynamic_index_in_dim_1", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<2x256x64xf32>, %arg5: tensor<i32>):
    %23 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %24 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %25 = "stablehlo.dynamic_slice"(%arg4, %arg5, %23, %24) <{slice_sizes = array<i64: 1, 256, 64>}> : (tensor<2x256x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x256x64xf32>
    %26 = "stablehlo.reshape"(%25) : (tensor<1x256x64xf32>) -> tensor<256x64xf32>
    "func.return"(%26) : (tensor<256x64xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<8x64xf32>, tensor<64x256xf32>, tensor<256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>, res_attrs = [{}], sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<8x64xf32>, %arg1: tensor<64x256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256x64xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x64xf32>, tensor<64x256xf32>) -> tensor<8x256xf32>
    %1 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 1>}> : (tensor<256xf32>) -> tensor<1x256xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x256xf32>) -> tensor<8x256xf32>
    %3 = "stablehlo.add"(%0, %2) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %4 = "stablehlo.multiply"(%3, %3) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %5 = "stablehlo.multiply"(%4, %3) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %6 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x256xf32>
    %8 = "stablehlo.multiply"(%7, %5) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %9 = "stablehlo.add"(%3, %8) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %10 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x256xf32>
    %12 = "stablehlo.multiply"(%11, %9) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %13 = "stablehlo.tanh"(%12) : (tensor<8x256xf32>) -> tensor<8x256xf32>
    %14 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x256xf32>
    %16 = "stablehlo.add"(%15, %13) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %17 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x256xf32>
    %19 = "stablehlo.multiply"(%18, %16) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %20 = "stablehlo.multiply"(%3, %19) : (tensor<8x256xf32>, tensor<8x256xf32>) -> tensor<8x256xf32>
    %21 = "stablehlo.dot_general"(%20, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x256xf32>, tensor<256x64xf32>) -> tensor<8x64xf32>
    %22 = "stablehlo.add"(%arg0, %21) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    "func.return"(%22) : (tensor<8x64xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
